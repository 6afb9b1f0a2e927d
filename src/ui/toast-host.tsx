import { message } from 'antd';
import { useEffect } from 'react';
import { TOAST_LIMIT, TOAST_SECONDS, type ToastKind } from './toast';

export interface ToastHostProps {
  /** Receives the function that shows a toast, once the host is mounted. */
  onReady: (show: (kind: ToastKind, text: string) => void) => void;
}

/** antd's message in hook form (it picks up the theme), loaded with the first toast rather than with the page. */
export function ToastHost({ onReady }: ToastHostProps) {
  const [api, holder] = message.useMessage({ duration: TOAST_SECONDS, maxCount: TOAST_LIMIT });
  useEffect(() => onReady((kind, text) => void api[kind](text)), [api, onReady]);
  return holder;
}
