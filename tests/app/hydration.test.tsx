import { afterEach, describe, expect, it } from 'vitest';
import { canHydrate, type Prerendered } from '../../src/app/hydration';

const at = (pathname: string, search = '') => ({ pathname, search });
const signedInPage: Prerendered = { route: '/verify-pan', hydratableBy: 'signed-in' };
const firstVisitPage: Prerendered = { route: '/login', hydratableBy: 'first-visit' };

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('canHydrate', () => {
  it('a first-visit page: only with nothing stored, on its own path, without a query', () => {
    expect(canHydrate(firstVisitPage, at('/login'))).toBe(true);
    expect(canHydrate(firstVisitPage, at('/login', '?phone=9876543210'))).toBe(false);
    expect(canHydrate(firstVisitPage, at('/verify-otp'))).toBe(false);
    sessionStorage.setItem('prefillPhone', '"9876543210"');
    expect(canHydrate(firstVisitPage, at('/login'))).toBe(false);
  });

  it('a signed-in page: with a token, whatever its value and whatever else is stored (read only once the applicant loads)', () => {
    expect(canHydrate(signedInPage, at('/verify-pan'))).toBe(false);
    localStorage.setItem('authToken', '"a-real-token"');
    localStorage.setItem('mobileNumber', '"9876543210"');
    sessionStorage.setItem('tracking', '{"utm_source":"ad"}');
    expect(canHydrate(signedInPage, at('/verify-pan'))).toBe(true);
    expect(canHydrate(signedInPage, at('/personal-details'))).toBe(false);
    expect(canHydrate(signedInPage, at('/verify-pan', '?from=email'))).toBe(false);
  });

  it('a page rendered for no one never hydrates', () => {
    localStorage.setItem('authToken', '"t"');
    expect(canHydrate({ route: '/verify-otp', hydratableBy: 'no-one' }, at('/verify-otp'))).toBe(false);
  });
});
