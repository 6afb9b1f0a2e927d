import { message } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { TOAST_LIMIT, TOAST_SECONDS, type ToastMessage } from './toast';

export interface ToastHostProps {
  /** Receives the function that shows a toast, once the host is mounted. */
  onReady: (show: (toast: ToastMessage) => void) => void;
}

function content({ text, detail }: ToastMessage): ReactNode {
  if (!detail) return text;
  return (
    <span className="onboard-toast">
      <strong>{text}</strong>
      <br />
      {detail}
    </span>
  );
}

/** antd's message in hook form (it picks up the theme), loaded with the first toast rather than with the page. */
export function ToastHost({ onReady }: ToastHostProps) {
  const [api, holder] = message.useMessage({ duration: TOAST_SECONDS, maxCount: TOAST_LIMIT });
  useEffect(() => onReady((toast) => void api[toast.kind](content(toast))), [api, onReady]);
  return holder;
}
