import { cashfreeVendor } from '../../cashfree-shared';
import type { UpiAppControls } from '../upi-app';
import type { ReversePennyDrop } from '../upi-rpd';
import { cashfreeRpdVendor, createCashfreeRpd } from './client';
import { cashfreeRpdRoutes, cashfreeUpiApp } from './simulator';

export const cashfreeRpd = cashfreeVendor<ReversePennyDrop, UpiAppControls>({
  capability: 'upi-rpd',
  vendor: cashfreeRpdVendor,
  title: 'Cashfree Secure ID reverse penny drop',
  docs: [
    'https://www.cashfree.com/docs/api-reference/vrs/v2/reverse-penny-drop/create-reverse-penny-drop-request',
    'https://www.cashfree.com/docs/api-reference/vrs/v2/reverse-penny-drop/get-reverse-penny-drop-request-details',
    'https://www.cashfree.com/docs/api-reference/vrs/v2/reverse-penny-drop/webhooks-reverse-penny',
  ],
  create: createCashfreeRpd,
  routes: cashfreeRpdRoutes,
  controls: cashfreeUpiApp,
});
