import { message } from 'antd';
import { createContext, useContext, useMemo, type ReactNode } from 'react';

/** Spec 9: flow-form toasts close after 2 s, at most 20 at once. */
export const TOAST_SECONDS = 2;
export const TOAST_LIMIT = 20;

export interface Toast {
  success: (text: string) => void;
  error: (text: string) => void;
  warning: (text: string) => void;
}

const ToastContext = createContext<Toast | null>(null);

/** The hook form of antd message picks up the theme and needs no global container set-up. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [api, holder] = message.useMessage({ duration: TOAST_SECONDS, maxCount: TOAST_LIMIT });
  const toast = useMemo<Toast>(
    () => ({
      success: (text) => void api.success(text),
      error: (text) => void api.error(text),
      warning: (text) => void api.warning(text),
    }),
    [api],
  );
  return (
    <ToastContext value={toast}>
      {holder}
      {children}
    </ToastContext>
  );
}

export function useToast(): Toast {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast() needs a <ToastProvider> above it');
  return toast;
}
