import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultBundle } from '../../src/config/bundle';
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
