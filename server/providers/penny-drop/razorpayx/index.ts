import type { VendorDefinition } from '../../vendor';
import type { PennyDrop } from '../penny-drop';
import { createRazorpayxPennyDrop, razorpayxVendor } from './client';
import { razorpayxRoutes, razorpayxSimulatorSettings } from './simulator';

export const razorpayxPennyDrop: VendorDefinition<PennyDrop, never> = {
  capability: 'penny-drop',
  vendor: razorpayxVendor,
  title: 'RazorpayX Fund Account Validation (contact, fund account, validation)',
  docs: [
    'https://razorpay.com/docs/api/x/account-validation/',
    'https://github.com/razorpay/markdown-docs/blob/master/api/x/account-validation/bank-account.md',
    'https://github.com/razorpay/markdown-docs/blob/master/api/x/error-codes.md',
  ],
  variables: [
    { name: 'RAZORPAYX_BASE_URL', default: 'https://api.razorpay.com', required: true, meaning: 'RazorpayX API host (validations run in live mode only)' },
    { name: 'RAZORPAYX_KEY_ID', required: true, meaning: 'API key id (live), for HTTP Basic auth' },
    { name: 'RAZORPAYX_KEY_SECRET', required: true, secret: true, meaning: 'Its key secret' },
    { name: 'RAZORPAYX_ACCOUNT_NUMBER', required: true, meaning: 'The RazorpayX customer identifier the rupee and the fee are debited from (dashboard: Banking, Customer Identifier)' },
  ],
  create: (settings, deps) =>
    createRazorpayxPennyDrop(
      {
        baseUrl: settings.RAZORPAYX_BASE_URL ?? '',
        keyId: settings.RAZORPAYX_KEY_ID ?? '',
        keySecret: settings.RAZORPAYX_KEY_SECRET ?? '',
        accountNumber: settings.RAZORPAYX_ACCOUNT_NUMBER ?? '',
      },
      deps.http,
    ),
  simulator: {
    routes: (deps) => razorpayxRoutes({ store: deps.store, clock: deps.clock, delayMs: deps.delayMs }),
    settings: razorpayxSimulatorSettings,
  },
};
