import type { UserResponse } from '../../core/api/types';

/**
 * What a signed-in prerendered page's boot script (scripts/browser/page-boot.js) leaves on window: its request for
 * the applicant, sent as the page painted, with the token and the language it sent.
 */
export interface BootUserRequest {
  token: string;
  language: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    onboardUserRequest?: BootUserRequest;
  }
}

/**
 * The applicant as the page's boot script asked for them while the app's modules were still loading, when it asked
 * with the token and language the app would send now; taken once. Undefined when there is no such request or it did
 * not answer 200 (a 401, an outage, a timeout): the app then asks itself, so every failure goes through the API
 * client's handling as before.
 */
export function takePrefetchedUser(token: string | null, language: string): Promise<UserResponse | undefined> {
  const request = typeof window === 'undefined' ? undefined : window.onboardUserRequest;
  if (request) delete window.onboardUserRequest;
  if (!request || !token || request.token !== token || request.language !== language) return Promise.resolve(undefined);
  return request.response.then((response) => (response.ok ? (response.json() as Promise<UserResponse>) : undefined)).catch(() => undefined);
}
