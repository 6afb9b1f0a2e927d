import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

/** Spec 9: flow-form toasts close after 2 s, at most 20 at once. */
export const TOAST_SECONDS = 2;
export const TOAST_LIMIT = 20;

export type ToastKind = 'success' | 'error' | 'warning';

export interface Toast {
  /** `detail`, when given, is a second line under the text (e.g. 'Invalid Details' / 'Please fill all the details correctly'). */
  success: (text: string, detail?: string) => void;
  error: (text: string, detail?: string) => void;
  warning: (text: string, detail?: string) => void;
}

/** One toast as asked for: its kind, text and optional second line. */
export interface ToastMessage {
  kind: ToastKind;
  text: string;
  detail?: string | undefined;
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
 * one before the applicant acts. Toasts asked for while it loads are shown when it arrives. `onError` hears every
 * red toast (the app records it as a funnel event).
 */
export function ToastProvider({ children, onError }: { children: ReactNode; onError?: (text: string) => void }) {
  const [wanted, setWanted] = useState(false);
  const show = useRef<((toast: ToastMessage) => void) | null>(null);
  const pending = useRef<ToastMessage[]>([]);
  const errorListener = useRef(onError);
  useEffect(() => {
    errorListener.current = onError;
  }, [onError]);
  const toast = useMemo<Toast>(() => {
    const add = (kind: ToastKind) => (text: string, detail?: string) => {
      // A red toast is an error shown to the applicant: the funnel records it (the form-error path of spec section 4).
      if (kind === 'error') errorListener.current?.(text);
      if (show.current) return show.current({ kind, text, detail });
      pending.current.push({ kind, text, detail });
      setWanted(true);
    };
    return { success: add('success'), error: add('error'), warning: add('warning') };
  }, []);
  const onReady = useCallback((ready: (toast: ToastMessage) => void) => {
    show.current = ready;
    for (const message of pending.current.splice(0)) ready(message);
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
