import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsentEntry } from '../../src/api/data-rights';
import { defaultBundle } from '../../src/config/bundle';
import { errorReply } from '../app/support/adapter';
import { FakeServer, MOBILE_OTP } from '../app/support/fake-server';
import { acceptPrivacyNotice, findHeading, renderApp, storedJson } from '../app/support/render-app';

/** The Privacy Notice on /login and /privacy, and the applicant's data rights there (DPDP Act 2023). */

const { privacy } = defaultBundle;
const optional = privacy.purposes.find((purpose) => !purpose.required)!;
const required = privacy.purposes.find((purpose) => purpose.required)!;

afterEach(() => vi.restoreAllMocks());

function consents(): ConsentEntry[] {
  return privacy.purposes.map((purpose) => ({
    purpose: purpose.id,
    required: purpose.required,
    version: purpose.required ? privacy.notice.version : null,
    givenAt: purpose.required ? '2026-01-15T10:00:00.000Z' : null,
    withdrawnAt: null,
  }));
}

describe('/login: the Privacy Notice', () => {
  it('is linked, its box starts unticked, and Send OTP without it says what is missing and sends nothing', async () => {
    const app = renderApp({ path: '/login' });
    await findHeading('Open your Trading Account');
    expect(screen.getByRole<HTMLAnchorElement>('link', { name: 'Read the Privacy Notice' }).getAttribute('href')).toBe('/privacy');
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: /I have read the Privacy Notice/ });
    expect(box.checked).toBe(false);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Mobile Number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please accept the Privacy Notice to continue');
    expect(document.activeElement).toBe(box);
    expect(app.server.requests).toEqual([]);
  });

  it('accepted, its version goes with the code at sign-in', async () => {
    const server = new FakeServer(defaultBundle.flow);
    server.addUser({ phone: '9876543210' });
    const app = renderApp({ path: '/login', server });
    await findHeading('Open your Trading Account');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Mobile Number'), '9876543210');
    await acceptPrivacyNotice(user);
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await findHeading('Verify your Mobile Number');
    expect(storedJson(sessionStorage, 'acceptedNotice')).toBe(privacy.notice.version);
    await user.type(screen.getByLabelText('Digit 1 of 4'), MOBILE_OTP);
    await waitFor(() => expect(app.server.calls('POST /verify/mobile-otp')).toHaveLength(1));
    expect(app.server.calls('POST /verify/mobile-otp')[0]?.body).toEqual({ otp: MOBILE_OTP, phone: '9876543210', noticeVersion: privacy.notice.version });
  });
});

describe('/privacy', () => {
  it('each purpose, consent and the Grievance Officer in lines of their own (issue 32: they ran together)', async () => {
    const server = new FakeServer(defaultBundle.flow);
    server.on('GET /user/consents', () => ({ status: 200, body: { consents: consents() } }));
    renderApp({ path: '/privacy', server, signedIn: { nextStep: 'bank_details' } });
    const purposes = within((await screen.findByText(privacy.purposes[0]!.title, { selector: '.privacy-purposes h3', exact: false })).closest('ul')!);
    for (const purpose of privacy.purposes) {
      const card = purposes.getByRole('heading', { level: 3, name: new RegExp(`^${purpose.title}`) }).closest('li')!;
      expect([...card.children].map((line) => line.tagName)).toEqual(['H3', 'P', 'P']);
    }
    const consent = within(await screen.findByTestId(`consent-${required.id}`));
    expect(consent.getByText('Given on 15/01/2026 (notice version 2026-11-01)', { exact: false }).tagName).toBe('P');
    const grievance = within(screen.getByRole('region', { name: privacy.grievance.title }));
    for (const line of [privacy.grievance.name, privacy.grievance.address]) expect(grievance.getByText(line).tagName).toBe('P');
    expect(grievance.getByRole('link', { name: privacy.grievance.email }).parentElement!.tagName).toBe('P');
  });
  it('signed out: the notice itemised by purpose, its version, and the Grievance Officer from config', async () => {
    renderApp({ path: '/privacy' });
    await findHeading(privacy.notice.title);
    expect(screen.getByText(`Version ${privacy.notice.version}`)).toBeTruthy();
    for (const purpose of privacy.purposes) expect(screen.getByText(purpose.text)).toBeTruthy();
    const grievance = screen.getByRole('region', { name: privacy.grievance.title });
    expect(within(grievance).getByText(privacy.grievance.name)).toBeTruthy();
    expect(within(grievance).getByRole<HTMLAnchorElement>('link', { name: privacy.grievance.email }).href).toBe(`mailto:${privacy.grievance.email}`);
    expect(screen.queryByRole('button', { name: 'Download my data' })).toBeNull();
  });

  it('signed in: each consent as it stands; an optional one withdrawn and given again with one button; a required one says why it stays', async () => {
    const server = new FakeServer(defaultBundle.flow);
    let list = consents();
    server.on('GET /user/consents', () => ({ status: 200, body: { consents: list } }));
    const change = (withdrawnAt: string | null) => () => {
      list = list.map((entry) => (entry.purpose === optional.id ? { ...entry, version: privacy.notice.version, givenAt: '2026-01-16T10:00:00.000Z', withdrawnAt } : entry));
      return { status: 200, body: { message: 'ok', consent: list.find((entry) => entry.purpose === optional.id) } };
    };
    server.on(`POST /user/consents/${optional.id}/give`, change(null));
    server.on(`POST /user/consents/${optional.id}/withdraw`, change('2026-01-17T10:00:00.000Z'));
    renderApp({ path: '/privacy', server, signedIn: { nextStep: 'bank_details' } });
    const card = await screen.findByTestId(`consent-${optional.id}`);
    expect(within(card).getByText('Not given')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: /Give consent/ }));
    expect(await within(card).findByText(`Given on 16/01/2026 (notice version ${privacy.notice.version})`)).toBeTruthy();
    await user.click(await within(card).findByRole('button', { name: /Withdraw consent/ }));
    expect(await within(card).findByText('Withdrawn on 17/01/2026')).toBeTruthy();
    const requiredCard = screen.getByTestId(`consent-${required.id}`);
    expect(within(requiredCard).getByText(required.whyRequired!)).toBeTruthy();
    expect(within(requiredCard).queryByRole('button')).toBeNull();
  });

  it('erasure before submission: confirmed, the data goes and the applicant is signed out to /login', async () => {
    const server = new FakeServer(defaultBundle.flow);
    server.on('GET /user/consents', () => ({ status: 200, body: { consents: consents() } }));
    server.on('POST /user/erasure', () => ({ status: 202, body: { message: 'erased' } }));
    const app = renderApp({ path: '/privacy', server, signedIn: { nextStep: 'bank_details' } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Erase my data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase your data?' });
    await user.click(within(dialog).getByRole('button', { name: 'Erase my data' }));
    await waitFor(() => expect(app.path()).toBe('/login'));
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(server.calls('POST /user/erasure')).toHaveLength(1);
  });

  it('erasure after submission: the refusal with the law and the date stays on the page', async () => {
    const server = new FakeServer(defaultBundle.flow);
    const refusal = 'Your application is submitted, so we cannot erase it: the PMLA requires us to keep your KYC records until at least 10/01/2031.';
    server.on('GET /user/consents', () => ({ status: 200, body: { consents: consents() } }));
    server.on('POST /user/erasure', () => errorReply(409, refusal));
    const app = renderApp({ path: '/privacy', server, signedIn: { nextStep: 'verification_pending' } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Erase my data' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Erase your data?' })).getByRole('button', { name: 'Erase my data' }));
    expect((await screen.findByText(refusal)).getAttribute('role')).toBe('alert');
    expect(app.path()).toBe('/privacy');
  });

  it('Download my data saves the zip the server sends', async () => {
    const server = new FakeServer(defaultBundle.flow);
    server.on('GET /user/consents', () => ({ status: 200, body: { consents: consents() } }));
    server.on('GET /user/data-export', () => ({ status: 200, body: new Blob(['PK'], { type: 'application/zip' }) }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    renderApp({ path: '/privacy', server, signedIn: { nextStep: 'bank_details' } });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(saved).toEqual(['onboard-my-data.zip']));
    expect(server.calls('GET /user/data-export')[0]?.config.responseType).toBe('blob');
  });
});
