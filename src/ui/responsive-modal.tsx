import { CloseOutlined } from '@ant-design/icons';
import { Drawer, Modal } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';

/** Spec 9: the mobile breakpoint. */
export const MOBILE_MAX_WIDTH = 500;
const narrowQuery = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

/** Whether the screen is a phone's (up to 500 px wide); follows rotation and resizing. */
export function useIsNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && window.matchMedia(narrowQuery).matches);
  useEffect(() => {
    const media = window.matchMedia(narrowQuery);
    const onChange = () => setNarrow(media.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  return narrow;
}

export interface ResponsiveModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  /** The actions, right-aligned under the content (a drawer puts them at the bottom edge, in thumb reach). */
  footer?: ReactNode;
  /** False for a dialog that needs one of its own actions: no close button, and neither Escape nor the mask closes it. */
  dismissible?: boolean;
  children: ReactNode;
}

/** A modal on wider screens, a bottom drawer on phones (spec: modals become bottom drawers up to 500 px). */
export function ResponsiveModal({ open, title, onClose, footer, dismissible = true, children }: ResponsiveModalProps) {
  const narrow = useIsNarrow();
  // The button is named by antd's locale (the app's ConfigProvider: messages.json controls.close); its icon would
  // add its English name ("close").
  const closing = { closable: dismissible, closeIcon: <CloseOutlined aria-hidden="true" />, mask: { closable: dismissible }, keyboard: dismissible };
  if (narrow) {
    return (
      <Drawer open={open} title={title} placement="bottom" size="auto" onClose={onClose} footer={footer} destroyOnHidden {...closing}>
        {children}
      </Drawer>
    );
  }
  return (
    <Modal open={open} title={title} onCancel={onClose} footer={footer ?? null} destroyOnHidden centered {...closing}>
      {children}
    </Modal>
  );
}
