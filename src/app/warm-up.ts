import type { ApiClient } from '../api/client';
import { preloadToasts } from '../ui/toast';

const interactions = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * The code a first action needs (the HTTP client, toasts) is not part of the page load; it starts
 * loading at the applicant's first touch or key, seconds before Send OTP can be pressed.
 * Returns the clean-up for React's effect.
 */
export function warmUpOnFirstInteraction(api: ApiClient, target: EventTarget = window): () => void {
  const warm = () => {
    stop();
    api.preload?.();
    preloadToasts();
  };
  const stop = () => interactions.forEach((type) => target.removeEventListener(type, warm, true));
  interactions.forEach((type) => target.addEventListener(type, warm, { capture: true, passive: true }));
  return stop;
}
