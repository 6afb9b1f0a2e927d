import { cashfreeVendor } from '../../cashfree-shared';
import type { PennyDrop } from '../penny-drop';
import { cashfreePennyDropVendor, createCashfreePennyDrop } from './client';
import { cashfreeBavRoutes } from './simulator';

export const cashfreePennyDrop = cashfreeVendor<PennyDrop>({
  capability: 'penny-drop',
  vendor: cashfreePennyDropVendor,
  title: 'Cashfree Secure ID bank account verification (BAV v2, sync)',
  docs: [
    'https://www.cashfree.com/docs/api-reference/vrs/v2/bav-v2/bank-account-verification-sync-v2',
    'https://www.cashfree.com/docs/api-reference/vrs/v2/bav-v2/bav-response-description',
    'https://www.cashfree.com/docs/api-reference/vrs/data-to-test-integration',
  ],
  create: createCashfreePennyDrop,
  routes: cashfreeBavRoutes,
});
