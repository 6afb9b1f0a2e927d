import { lazy, Suspense, useState } from 'react';
import type { ResponsiveModalProps } from './responsive-dialog';

export type { ResponsiveModalProps } from './responsive-dialog';

/** antd's Modal and Drawer load with the first dialog a page opens, not with the page. */
const Dialog = lazy(() => import('./responsive-dialog').then((m) => ({ default: m.ResponsiveDialog })));

/**
 * A modal on wider screens, a bottom drawer on phones (spec: modals become bottom drawers up to 500 px). Nothing is
 * drawn or loaded until it first opens; from then on it stays mounted, so it closes with its animation.
 */
export function ResponsiveModal(props: ResponsiveModalProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
