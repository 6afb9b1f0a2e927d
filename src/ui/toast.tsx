import { message } from 'antd';
import { createContext, useContext, useMemo, type ReactNode } from 'react';

/** Spec 9: flow-form toasts close after 2 s, at most 20 at once. */
export const TOAST_SECONDS = 2;
export const TOAST_LIMIT = 20;

export interface Toast {
  /** `detail`, when given, is a second line under the text (e.g. 'Invalid Details' / 'Please fill all the details correctly'). */
  success: (text: string, detail?: string) => void;
  error: (text: string, detail?: string) => void;
  warning: (text: string, detail?: string) => void;
}

function content(text: string, detail?: string): ReactNode {
  if (!detail) return text;
  return (
    <span className="onboard-toast">
      <strong>{text}</strong>
      <br />
      {detail}
    </span>
  );
}

const ToastContext = createContext<Toast | null>(null);

/** The hook form of antd message picks up the theme and needs no global container set-up. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [api, holder] = message.useMessage({ duration: TOAST_SECONDS, maxCount: TOAST_LIMIT });
  const toast = useMemo<Toast>(
    () => ({
      success: (text, detail) => void api.success(content(text, detail)),
      error: (text, detail) => void api.error(content(text, detail)),
      warning: (text, detail) => void api.warning(content(text, detail)),
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
