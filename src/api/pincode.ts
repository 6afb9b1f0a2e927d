import { isApiError } from './api-error';
import type { ApiClient } from './client';

/** GET /utils/pincode/{pincode} (spec section 3, pincode lookup result). */
export interface PincodeResult {
  pincode: string;
  district: string;
  state: string;
  country: string;
}

/** A lookup's outcome: the place, or `null` for a pincode the server does not know (or refuses). */
export type PincodeLookup = PincodeResult | null;

/** Six digits: the length at which a lookup starts (spec 4). */
export const PINCODE_LOOKUP = /^[0-9]{6}$/;

const cache = new Map<string, Promise<PincodeLookup>>();
const settled = new Map<string, PincodeLookup>();

/**
 * Looks a 6-digit pincode up once per page load: answers and refusals are cached; a failure without an answer
 * (timeout, offline) marks it invalid too (spec 8) but is not cached, so the next try asks again.
 */
export function resolvePincode(api: ApiClient, pincode: string): Promise<PincodeLookup> {
  const known = cache.get(pincode);
  if (known) return known;
  const lookup = api.get<PincodeResult>(`/utils/pincode/${encodeURIComponent(pincode)}`).then(
    (result) => {
      settled.set(pincode, result);
      return result;
    },
    (error: unknown) => {
      // 400 'Invalid pincode' and 404 'Pincode not found' are answers; a timeout (408) or no answer is not.
      if (isApiError(error) && (error.status === 400 || error.status === 404)) settled.set(pincode, null);
      else cache.delete(pincode);
      return null;
    },
  );
  cache.set(pincode, lookup);
  return lookup;
}

/** What is already known about a pincode without asking: the place, null (invalid), or undefined (not asked yet). */
export function cachedPincode(pincode: string): PincodeLookup | undefined {
  return settled.get(pincode);
}

/** Tests start each case with nothing cached. */
export function clearPincodeCache(): void {
  cache.clear();
  settled.clear();
}
