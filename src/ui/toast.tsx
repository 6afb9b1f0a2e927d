import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

/** Spec 9: flow-form toasts close after 2 s, at most 20 at once. */
export const TOAST_SECONDS = 2;
export const TOAST_LIMIT = 20;

export type ToastKind = 'success' | 'error' | 'warning';

export interface Toast {
  success: (text: string) => void;
  error: (text: string) => void;
  warning: (text: string) => void;
}

const ToastContext = createContext<Toast | null>(null);

const loadHost = () => import('./toast-host');
const ToastHost = lazy(() => loadHost().then((m) => ({ default: m.ToastHost })));

/** Starts loading the toast code (antd message) before the first toast needs it. */
export function preloadToasts(): void {
  void loadHost();
}

/**
 * Toasts through antd's message, whose code (~8 KB gzip) loads with the first toast: no page shows
 * one before the applicant acts. Toasts asked for while it loads are shown when it arrives.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const show = useRef<((kind: ToastKind, text: string) => void) | null>(null);
  const pending = useRef<{ kind: ToastKind; text: string }[]>([]);
  const toast = useMemo<Toast>(() => {
    const add = (kind: ToastKind) => (text: string) => {
      if (show.current) return show.current(kind, text);
      pending.current.push({ kind, text });
      setWanted(true);
    };
    return { success: add('success'), error: add('error'), warning: add('warning') };
  }, []);
  const onReady = useCallback((ready: (kind: ToastKind, text: string) => void) => {
    show.current = ready;
    for (const { kind, text } of pending.current.splice(0)) ready(kind, text);
  }, []);
  return (
    <ToastContext value={toast}>
      {wanted ? (
        <Suspense fallback={null}>
          <ToastHost onReady={onReady} />
        </Suspense>
      ) : null}
      {children}
    </ToastContext>
  );
}

export function useToast(): Toast {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast() needs a <ToastProvider> above it');
  return toast;
}
