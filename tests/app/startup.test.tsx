import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { decodeLinkData, planStartup, REKYC_ROUTE } from '../../src/app/startup';
import { findHeading, renderApp, storedJson, acceptPrivacyNotice } from './support/render-app';

const link = (text: string) => encodeURIComponent(btoa(text));
const plan = (search: string, signedIn = false) => planStartup({ search, signedIn, loginRoute: '/login' });

describe('start-up decoding (pure)', () => {
  it.each([
    ['9876543210:abc-123', { phone: '9876543210', id: 'abc-123' }],
    ['98765:abc-123', { phone: '98765' }],
    ['9876543210:', { phone: '9876543210' }],
    ['no colon here', null],
  ])('decodes %j', (text, expected) => {
    expect(decodeLinkData(btoa(text))).toEqual(expected);
  });

  it('accepts URL-safe base64 without padding, and rejects non-base64', () => {
    const urlSafe = btoa('9876543210:id?>').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(decodeLinkData(urlSafe)).toEqual({ phone: '9876543210', id: 'id?>' });
    expect(decodeLinkData('%%%')).toBeNull();
  });

  it.each([
    ['?mobile=9876543210', false, { prefillPhone: '9876543210', navigate: '/login' }],
    ['?mobile=98765', false, { navigate: '/login' }],
    ['?mobile=9876543210&referrer=ref1&source=ads', false, { prefillPhone: '9876543210', navigate: '/login', tracking: { referrer: 'ref1', source: 'ads' } }],
    [`?context=income_declaration&data=${link('9876543210:rk-9')}`, true, { rekycId: 'rk-9', navigate: REKYC_ROUTE }],
    [`?context=income_declaration&data=${link('9876543210:rk-9')}`, false, { rekycId: 'rk-9', prefillPhone: '9876543210', redirectAfterLogin: REKYC_ROUTE, navigate: '/login' }],
    [`?context=income_declaration&data=${link('12345:rk-9')}`, true, { navigate: REKYC_ROUTE }],
    [`?context=other&data=${link('9876543210:rk-9')}`, false, {}],
    ['?context=income_declaration&data=%25%25%25', false, { problem: 'rekyc.malformed' }],
    [`?context=income_declaration&data=${link('no colon here')}`, true, { problem: 'rekyc.malformed' }],
    ['?source=newsletter', false, { tracking: { source: 'newsletter' } }],
    ['', true, {}],
  ])('%s (signed in: %s)', (search, signedIn, expected) => {
    expect(plan(search, signedIn)).toEqual(expected);
  });
});

describe('start-up in the app', () => {
  it('?mobile= seeds a read-only phone on /login', async () => {
    const app = renderApp({ path: '/?mobile=9876543210' });
    await findHeading('Open your Trading Account');
    const input = screen.getByLabelText<HTMLInputElement>('Mobile Number');
    expect(input.value).toBe('9876543210');
    expect(input.readOnly).toBe(true);
    expect(app.path()).toBe('/login');
  });

  it('a re-KYC link without a token stores the id, prefill and return path, then shows login', async () => {
    const app = renderApp({ path: `/?context=income_declaration&data=${link('9876543210:rk-9')}` });
    await findHeading('Open your Trading Account');
    expect(app.path()).toBe('/login');
    expect(storedJson(sessionStorage, 'rekycId')).toBe('rk-9');
    expect(storedJson(sessionStorage, 'redirectAfterLogin')).toBe(REKYC_ROUTE);
    expect(screen.getByLabelText<HTMLInputElement>('Mobile Number').value).toBe('9876543210');
  });

  it('a malformed re-KYC link says so, and the visitor stays on the usual way in', async () => {
    const app = renderApp({ path: '/?context=income_declaration&data=%25%25%25' });
    expect(await screen.findByText('This re-KYC link is not valid')).toBeTruthy();
    await findHeading('Open your Trading Account');
    expect(app.path()).toBe('/login');
    expect(sessionStorage.getItem('rekycId')).toBeNull();
  });

  it('a re-KYC link with a token goes straight to the re-KYC route', async () => {
    const app = renderApp({
      path: `/?context=income_declaration&data=${link('9876543210:rk-9')}`,
      signedIn: { nextStep: 'verified' },
    });
    await waitFor(() => expect(app.path()).toBe(REKYC_ROUTE));
    await findHeading('Update your Income Declaration');
    expect(storedJson(sessionStorage, 'rekycId')).toBe('rk-9');
  });

  it('referrer and source are kept and sent with login', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    const app = renderApp({ path: '/login?referrer=friend42&source=ads' });
    await findHeading('Open your Trading Account');
    await userEvent.setup().type(screen.getByLabelText('Mobile Number'), '9876543210');
    await acceptPrivacyNotice(userEvent.setup());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send OTP' }));
    await waitFor(() => expect(app.server.calls('POST /login')).toHaveLength(1));
    expect(app.server.calls('POST /login')[0]?.body).toEqual({ phone: '9876543210', referrer: 'friend42', source: 'ads' });
  });
});
