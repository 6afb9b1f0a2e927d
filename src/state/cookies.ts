/** Cookies the spec says logout must clear for the product's domain. */
export const sessionCookies = ['session', 'token', 'disclaimer'] as const;

/** Every domain a cookie for this host may have been set on: host-only, the host, and each parent domain. */
export function cookieDomains(hostname: string): (string | null)[] {
  const parts = hostname.split('.');
  const domains: (string | null)[] = [null];
  // Browsers refuse a domain attribute on single-label hosts (localhost) and IP addresses.
  if (parts.length < 2 || /^[\d.]+$/.test(hostname)) return domains;
  for (let i = 0; i < parts.length - 1; i += 1) domains.push(`.${parts.slice(i).join('.')}`);
  return domains;
}

/** Expires each cookie on every domain it may live on (document.cookie cannot list domains). */
export function clearCookies(names: readonly string[], doc: Document = document, hostname = location.hostname): void {
  for (const name of names) {
    for (const domain of cookieDomains(hostname)) {
      doc.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/${domain ? `; domain=${domain}` : ''}`;
    }
  }
}
