import { act, waitFor } from '@testing-library/react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router-dom';
import { canHydrate, type Prerendered } from '../../src/app/hydration';
import { createRuntime } from '../../src/app/runtime';
import { defaultBundle } from '../../src/config/bundle';
import { currentLanguage } from '../../src/config/language';
import { translatedBundle } from '../../src/config/language-texts';
import { flowConfigAtom } from '../../src/state/derived';
import { useHydrated } from '../../src/ui/use-hydrated';

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

describe('useHydrated', () => {
  /** Draws what the build drew until hydration ends, then what the data says (the status page's applicant). */
  function Probe({ data }: { data: string }) {
    return <p>{useHydrated() ? data : 'as prerendered'}</p>;
  }

  it('keeps the prerendered look while hydrating though the data is already there, then draws the data, with no mismatch', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Probe data="the applicant's stage" />);
    expect(container.textContent).toBe('as prerendered');
    const recoverable: unknown[] = [];
    const root = hydrateRoot(container, <Probe data="the applicant's stage" />, { onRecoverableError: (error) => recoverable.push(error) });
    await waitFor(() => expect(container.textContent).toBe("the applicant's stage"));
    expect(recoverable).toEqual([]);
    root.unmount();
  });

  it('draws the data at once in a render that is not a hydration', async () => {
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => root.render(<Probe data="the applicant's stage" />));
    expect(container.textContent).toBe("the applicant's stage");
    root.unmount();
  });
});

describe("the runtime's flow before the first render", () => {
  it("is the translated bundle's own flow, so App's first render changes nothing its readers see", () => {
    const runtime = createRuntime({ bundle: defaultBundle, createRouter: (routes) => createMemoryRouter(routes, { initialEntries: ['/login'] }) });
    expect(runtime.store.get(flowConfigAtom)).toBe(translatedBundle(defaultBundle, currentLanguage()).flow);
    // Asked again before any text arrives, the translation is the same object (App's useMemo asks it once more).
    expect(translatedBundle(defaultBundle, currentLanguage())).toBe(translatedBundle(defaultBundle, currentLanguage()));
  });
});
