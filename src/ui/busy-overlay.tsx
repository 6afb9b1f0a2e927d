import { Spin } from 'antd';
import type { ReactNode } from 'react';
import './busy-overlay.css';

/**
 * The loading overlay of spec section 2 ('Verifying your bank account'): the page stays in place, dimmed, and
 * the spinner with its caption sits in the middle of the window (not of a long page), centred, on a card of its own.
 */
export function BusyOverlay({ busy, caption, children }: { busy: boolean; caption?: string | undefined; children: ReactNode }) {
  return (
    <Spin spinning={busy} description={caption} size="large" rootClassName="onboard-busy">
      {children}
    </Spin>
  );
}
