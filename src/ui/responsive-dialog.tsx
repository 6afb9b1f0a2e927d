import { CloseOutlined } from '@ant-design/icons';
import { Drawer, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useIsNarrow } from './use-is-narrow';

export interface ResponsiveModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  /** The actions, right-aligned under the content (a drawer puts them at the bottom edge, in thumb reach). */
  footer?: ReactNode;
  /** False for a dialog that needs one of its own actions: no close button, and neither Escape nor the mask closes it. */
  dismissible?: boolean;
  /** Once it has finished opening (its slide or zoom has ended), or closing: what measures its content waits for it. */
  onOpenChanged?: (open: boolean) => void;
  children: ReactNode;
}

/** A modal on wider screens, a bottom drawer on phones (spec: modals become bottom drawers up to 500 px). */
export function ResponsiveDialog({ open, title, onClose, footer, dismissible = true, onOpenChanged, children }: ResponsiveModalProps) {
  const narrow = useIsNarrow();
  // The button is named by antd's locale (the app's ConfigProvider: messages.json controls.close); its icon would
  // add its English name ("close").
  const closing = { closable: dismissible, closeIcon: <CloseOutlined aria-hidden="true" />, mask: { closable: dismissible }, keyboard: dismissible };
  if (narrow) {
    return (
      <Drawer open={open} title={title} placement="bottom" size="auto" onClose={onClose} footer={footer} destroyOnHidden afterOpenChange={onOpenChanged} {...closing}>
        {children}
      </Drawer>
    );
  }
  return (
    <Modal open={open} title={title} onCancel={onClose} footer={footer ?? null} destroyOnHidden centered afterOpenChange={onOpenChanged} {...closing}>
      {children}
    </Modal>
  );
}
