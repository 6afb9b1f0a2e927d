import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultBundle } from '../../src/config/bundle';
import { errorReply, type Reply } from '../app/support/adapter';
import { FakeServer, makeUser } from '../app/support/fake-server';
import { findHeading, renderApp } from '../app/support/render-app';

/** A first render or a poll on a busy machine can take seconds. */
const slow = { timeout: 8000 };

const signedIn = { nextStep: 'income_proof', currentStep: 'nominee' };
const afterProof = { ...signedIn, currentStep: 'income_proof', nextStep: 'aadhaar_e_sign_documents' };

type Status = 'pending' | 'success' | 'failed';
const messages: Record<Status, string> = {
  pending: 'Waiting for your consent',
  success: 'Income proof verified successfully',
  failed: 'Consent was rejected, please try again',
};

/** The consent answers `answers` in turn (the last one repeats); GET /user shows the step done once it succeeded. */
function open(path: string, answers: (Status | Reply)[]) {
  const server = new FakeServer(defaultBundle.flow);
  let done = false;
  let poll = 0;
  server.on('GET /user/income-proof/CONSENT1', (): Reply => {
    const answer = answers[Math.min(poll, answers.length - 1)]!;
    poll += 1;
    if (typeof answer !== 'string') return answer;
    if (answer === 'success') done = true;
    return { status: 200, body: { consentStatus: answer, message: messages[answer] } };
  });
  server.on('GET /user', () => ({ status: 200, body: { user: makeUser(done ? afterProof : signedIn) } }));
  return renderApp({ path, server, signedIn });
}

const polls = (server: FakeServer) => server.calls('GET /user/income-proof/CONSENT1').length;

describe('/income-proof/callback', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  });
  afterEach(() => vi.useRealTimers());

  it('polls every 3 s with a 300 s countdown; success shows its toast, reloads the applicant and goes on', async () => {
    const { server, path } = open('/income-proof/callback?id=CONSENT1', ['pending', 'pending', 'success']);
    await findHeading('Verifying your Income');
    expect(screen.getByText(/\(300s left\)|\(299s left\)/)).toBeTruthy();
    await waitFor(() => expect(polls(server)).toBe(1), slow);
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(polls(server)).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(await screen.findByText('Income proof verified successfully')).toBeTruthy();
    await waitFor(() => expect(path()).toBe('/aadhaar-esign'), slow);
    expect(server.calls('GET /user').length).toBeGreaterThanOrEqual(2);
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(polls(server)).toBe(3);
  });

  it('a rejected consent: its message in red and back to the choice', async () => {
    const { path } = open('/income-proof/callback?id=CONSENT1', ['failed']);
    expect(await screen.findByText('Consent was rejected, please try again')).toBeTruthy();
    await waitFor(() => expect(path()).toBe('/add-income-details'), slow);
  });

  it.each([
    ['cancelled on the aggregator\'s page (errorcode 5)', '&errorcode=5&errormsg=cancel_will_share_later', 'You cancelled the consent. Choose how to verify your income.'],
    ['rejected on the aggregator\'s page (errorcode 1)', '&errorcode=1&errormsg=reject_not_want_to_share', 'Consent was rejected, please try again'],
  ])('%s: one poll confirms, the consent is still pending there, so it says so and goes back', async (_label, query, message) => {
    const { server, path } = open(`/income-proof/callback?success=false&id=CONSENT1${query}`, ['pending']);
    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect(path()).toBe('/add-income-details'), slow);
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(polls(server)).toBe(1);
  });

  it('success=true from the aggregator: polling goes on while the bank data is read', async () => {
    const { server } = open('/income-proof/callback?success=true&id=CONSENT1', ['pending', 'success']);
    await waitFor(() => expect(polls(server)).toBe(1), slow);
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(await screen.findByText('Income proof verified successfully')).toBeTruthy();
  });

  it('no answer within 300 s: an error and back to the choice; polling stops', async () => {
    const { server, path } = open('/income-proof/callback?id=CONSENT1', ['pending']);
    await findHeading('Verifying your Income');
    await act(() => vi.advanceTimersByTimeAsync(300_000));
    expect(await screen.findByText('Income proof verification timed out, please try again')).toBeTruthy();
    await waitFor(() => expect(path()).toBe('/add-income-details'), slow);
    const count = polls(server);
    expect(count).toBeGreaterThanOrEqual(99);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(polls(server)).toBe(count);
  });

  it("someone else's or an unknown consent (404): the server's words, and leave", async () => {
    const { path } = open('/income-proof/callback?id=CONSENT1', [errorReply(404, 'Consent not found')]);
    expect(await screen.findByText('Consent not found')).toBeTruthy();
    await waitFor(() => expect(path()).toBe('/add-income-details'), slow);
  });

  it('a passing outage (503) shows under the countdown and polling goes on', async () => {
    const { path } = open('/income-proof/callback?id=CONSENT1', [errorReply(503, 'Account aggregator is unavailable, please try again'), 'success']);
    expect((await screen.findByRole('alert')).textContent).toBe('Account aggregator is unavailable, please try again');
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await waitFor(() => expect(path()).toBe('/aadhaar-esign'), slow);
  });

  it('without ?id the consent kept before leaving is used; with neither, the failure text and leave', async () => {
    sessionStorage.setItem('incomeProof:consentId', 'CONSENT1');
    const first = open('/income-proof/callback', ['success']);
    await waitFor(() => expect(first.path()).toBe('/aadhaar-esign'), slow);
    expect(sessionStorage.getItem('incomeProof:consentId')).toBeNull();
  });

  it('with no consent id anywhere: the failure text and back to the choice', async () => {
    const { path, server } = open('/income-proof/callback', ['success']);
    expect(await screen.findByText('Income proof verification failed, Try again!')).toBeTruthy();
    await waitFor(() => expect(path()).toBe('/add-income-details'), slow);
    expect(polls(server)).toBe(0);
  });
});
