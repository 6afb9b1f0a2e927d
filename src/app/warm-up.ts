import type { ApiClient } from '../api/client';
import { onFirstInteraction } from '../ui/first-interaction';
import { preloadToasts } from '../ui/toast';

/**
 * The code a first action needs (the HTTP client, toasts) is not part of the page load; it starts
 * loading at the applicant's first touch or key, seconds before Send OTP can be pressed.
 * Returns the clean-up for React's effect.
 */
export function warmUpOnFirstInteraction(api: ApiClient, target: EventTarget = window): () => void {
  return onFirstInteraction(() => {
    api.preload?.();
    preloadToasts();
  }, target);
}
