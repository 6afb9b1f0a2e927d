/**
 * Leaving the app for another site (the account aggregator's consent pages). One seam, so tests can watch where
 * the browser would go (jsdom cannot navigate).
 */
export const externalNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** Only a web address (http or https, or a path on this site) is followed; anything else (javascript:, data:) is refused. */
export function safeExternalUrl(url: string, base: string = window.location.origin): string | undefined {
  try {
    const parsed = new URL(url, base);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
