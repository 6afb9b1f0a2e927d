import type { VendorDefinition } from '../../vendor';
import type { IfscLookup } from '../ifsc';
import { createRazorpayIfscClient } from './client';
import { razorpayIfscSimulator } from './simulator';

export const razorpayIfsc: VendorDefinition<IfscLookup, never> = {
  capability: 'ifsc',
  vendor: 'razorpay',
  title: 'Razorpay IFSC API',
  docs: ['https://github.com/razorpay/ifsc-api', 'https://github.com/razorpay/ifsc'],
  variables: [
    {
      name: 'RAZORPAY_IFSC_BASE_URL',
      default: 'https://ifsc.razorpay.com',
      required: true,
      meaning: 'the IFSC API (Razorpay\'s public one, or a self-hosted copy: docker razorpay/ifsc); asked only for codes the branch directory lacks',
    },
  ],
  create: createRazorpayIfscClient,
  simulator: razorpayIfscSimulator,
};
