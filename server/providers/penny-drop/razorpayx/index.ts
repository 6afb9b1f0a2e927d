import type { VendorDefinition } from '../../vendor';
import { optionsFrom } from '../../setting-names';
import type { PennyDrop } from '../penny-drop';
import { createRazorpayxPennyDrop, razorpayxSettings, razorpayxVendor } from './client';
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
  variables: razorpayxSettings.variables,
  create: (settings, deps) => createRazorpayxPennyDrop(optionsFrom(razorpayxSettings.names, settings), deps.http),
  simulator: { routes: razorpayxRoutes, settings: razorpayxSimulatorSettings },
};
