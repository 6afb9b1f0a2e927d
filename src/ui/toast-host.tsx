import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
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

/** The kind's icon, hidden from screen readers: the text says it (antd's would read its icon's English name). */
const icons = {
  success: <CheckCircleFilled aria-hidden="true" />,
  error: <CloseCircleFilled aria-hidden="true" />,
  warning: <ExclamationCircleFilled aria-hidden="true" />,
};

/** antd's message in hook form (it picks up the theme), loaded with the first toast rather than with the page. */
export function ToastHost({ onReady }: ToastHostProps) {
  const [api, holder] = message.useMessage({ duration: TOAST_SECONDS, maxCount: TOAST_LIMIT });
  useEffect(() => onReady((toast) => void api.open({ type: toast.kind, content: content(toast), icon: icons[toast.kind] })), [api, onReady]);
  return holder;
}
