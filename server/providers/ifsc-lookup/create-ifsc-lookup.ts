import { createHttpIfscLookup, razorpayIfscUrl } from './http-ifsc-lookup';
import type { IfscLookup } from './ifsc-lookup';
import { createSandboxIfscLookup } from './sandbox-ifsc-lookup';

/**
 * IFSC_LOOKUP_URL chooses the service ('sandbox' forces the offline sandbox). Unset: Razorpay's public
 * API in production, the sandbox elsewhere, so development and tests never call out.
 */
export function createIfscLookup(url: string | undefined, production: boolean): IfscLookup {
  const chosen = url?.trim();
  if (chosen === 'sandbox' || (!chosen && !production)) return createSandboxIfscLookup();
  return createHttpIfscLookup({ url: chosen || razorpayIfscUrl });
}
