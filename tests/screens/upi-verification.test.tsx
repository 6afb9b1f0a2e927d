import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mergePages, type ScreenPageConfig } from '../../core/engine/config-types';
import { ApiContext } from '../../src/api/api-context';
import { createApiClient } from '../../src/api/create-api-client';
import { defaultBundle } from '../../src/config/bundle';
import { readLinkBankOptions } from '../../src/screens/bank/options';
import { UpiVerification } from '../../src/screens/bank/upi-verification';
import { errorReply, type Reply } from '../app/support/adapter';
import { FakeServer } from '../app/support/fake-server';
import { findHeading, renderApp } from '../app/support/render-app';

const signedIn = { currentStep: 'personal_details', nextStep: 'bank_details', name: 'SNEHA SHARMA', pan: 'ABCPS1234F' };
const slow = { timeout: 8000 };
const started = { requestId: 'RPD1', intentLink: 'upi://pay?pa=onboard.verify@sandbox&am=1.00&tr=RPD1', qrCode: 'data:image/png;base64,AAAA', sandbox: true };

/** The UPI screen's polling: a failed poll says so in red, and the next good one clears it; a failed sandbox payment says why. */
async function openUpi(statuses: Reply[]) {
  const server = new FakeServer(defaultBundle.flow);
  let polls = 0;
  server.on('POST /user/rpd-verification', () => ({ status: 200, body: started }));
  server.on('GET /user/rpd-verification', () => {
    polls += 1;
    // The first answer is the choice screen's recommendation.
    if (polls === 1) return { status: 200, body: { status: 'not_started', message: '', recommended: 'rpd' } };
    return statuses[Math.min(polls - 2, statuses.length - 1)]!;
  });
  const app = renderApp({ path: '/link-bank-account', server, signedIn });
  const user = userEvent.setup();
  await findHeading('Link your Bank Account');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await findHeading('Scan QR Code to Verify Bank');
  return { ...app, server, user };
}

const pending: Reply = { status: 200, body: { status: 'pending', message: '', recommended: 'rpd' } };

describe('/link-bank-account: UPI status polling', () => {
  it('a failed poll shows its error in red; the next answer clears it', async () => {
    await openUpi([errorReply(503, 'Bank verification service is unavailable, please try again'), pending]);
    expect(await screen.findByText('Bank verification service is unavailable, please try again', {}, slow)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Bank verification service is unavailable, please try again')).toBeNull(), slow);
    expect(screen.getByRole('heading', { level: 1, name: 'Scan QR Code to Verify Bank' })).toBeTruthy();
  }, 20_000);

  it("a sandbox payment the server refuses says why instead of doing nothing", async () => {
    const { server, user } = await openUpi([pending]);
    server.on('POST /dev/upi/RPD1/pay', () => errorReply(409, 'This payment request has expired'));
    await user.click(await screen.findByRole('button', { name: 'Simulate payment (sandbox)' }, slow));
    expect(await screen.findByText('This payment request has expired', {}, slow)).toBeTruthy();
  }, 20_000);
});

describe('/link-bank-account: issue 20', () => {
  it("a screen whose request a newer one replaced (another tab) says so and returns to the choice", async () => {
    const { server } = await openUpi([{ status: 200, body: { status: 'failure', message: 'A newer UPI payment request replaced this one', recommended: 'rpd' } }]);
    await findHeading('Link your Bank Account');
    expect((await screen.findAllByText('A newer UPI payment request replaced this one', {}, slow)).length).toBeGreaterThan(0);
    // It asked about its own request, not whichever is newest.
    expect(server.calls('GET /user/rpd-verification').map((call) => call.config.params)).toContainEqual({ requestId: 'RPD1' });
  }, 20_000);

  it('the 300 s wait warns in its last minute and can be extended', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await openUpi([pending]);
      expect(screen.getByText(/This request expires in 5:00|This request expires in 4:5\d/)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'I need more time' })).toBeNull();
      await act(async () => vi.advanceTimersByTimeAsync(245_000));
      expect((await screen.findByRole('alert')).textContent).toBe('Less than a minute left.');
      await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole('button', { name: 'I need more time' }));
      expect(screen.getByText(/This request expires in [5-6]:\d\d/)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'I need more time' })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  }, 30_000);
});

describe('/link-bank-account: one payment request per screen (CI, 2026-11-28)', () => {
  it('a parent re-rendering with new callbacks does not start a second request, which would replace the one on screen', async () => {
    const server = new FakeServer(defaultBundle.flow);
    server.on('POST /user/rpd-verification', () => ({ status: 200, body: started }));
    server.on('GET /user/rpd-verification', () => pending);
    const api = createApiClient({
      messages: defaultBundle.messages,
      getToken: () => null,
      onUnauthorized: () => undefined,
      onOutOfSync: () => undefined,
      adapter: server.adapter,
    });
    const page = mergePages(defaultBundle)['/link-bank-account'] as ScreenPageConfig;
    const options = readLinkBankOptions(page.options, 'page /link-bank-account');
    const screenWith = (onLeave: () => void) => (
      <ApiContext.Provider value={api}>
        <UpiVerification copy={page.copy} options={options} onVerified={() => undefined} onLeave={onLeave} />
      </ApiContext.Provider>
    );
    const view = render(screenWith(() => undefined));
    await screen.findByRole('button', { name: 'Simulate payment (sandbox)' }, slow);
    view.rerender(screenWith(() => undefined));
    view.rerender(screenWith(() => undefined));
    await waitFor(() => expect(server.calls('GET /user/rpd-verification').length).toBeGreaterThan(0), slow);
    expect(server.calls('POST /user/rpd-verification')).toHaveLength(1);
  }, 20_000);
});
