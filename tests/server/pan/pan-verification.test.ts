import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { continueRoute } from '../../../core/engine/flow';
import type { PanCheckResponse, StepSavedResponse, UserResponse } from '../../../core/api/types';
import { loadConfig } from '../../../server/config/load-config';
import { simulatedName as sandboxPanName } from '../../../server/providers/kra/simulated-kra';
import { type TestApp, auth, get, minutes, signIn, startTestApp, captureLogs } from '../helpers';
import { applicantAtPan, expectError, nextAfter, send, verifyAndConfirmPan } from '../step-fixtures';

const dob = '15/08/1990';
const { stream, text: loggedText } = captureLogs();

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ sandboxSlowDelayMs: 150, logger: { level: 'info', stream } });
});
afterAll(() => t.close());

describe('POST /api/user/pan-number with the KRA simulator (CAMS, the first KRA vendor)', () => {
  it('a PAN with P as 4th letter is registered: the KRA name, the PAN and the date of birth, nothing to confirm', async () => {
    const who = await applicantAtPan(t);
    const { status, body } = await send<PanCheckResponse>(t, who, '/api/user/pan-number', { pan: 'ABCPS1234F', dateOfBirth: dob });
    expect(status).toBe(200);
    expect(body).toEqual({ pan: 'ABCPS1234F', dateOfBirth: dob, name: sandboxPanName('ABCPS1234F'), kraStatus: 'registered', confirm: false });
    expect(body.name).toMatch(/^[A-Z]+ SHARMA$/);
  });

  it.each([
    ['digits 1111: date of birth mismatch', 'ABCPE1111F', 400, 'Date of birth does not match PAN records'],
    ['4th letter C (a company): not an individual', 'ABCCE1234F', 400, 'Only individual PAN cards are accepted'],
    ['4th letter F (a firm): not an individual', 'AAAFK2345Q', 400, 'Only individual PAN cards are accepted'],
    ['digits 0000: not found', 'ABCPE0000F', 400, 'PAN not found in KRA records'],
    ['digits 5000: no KRA reachable', 'ABCPE5000F', 503, 'PAN verification service is unavailable, please try again'],
    [
      'digits 3333: on hold, why and what to do',
      'ABCPE3333F',
      400,
      'Your KYC record at the KRA is on hold (Address proof not clear). Please update your KYC with the KRA (through the broker, bank or mutual fund that registered it), then verify your PAN again.',
    ],
  ])('%s', async (_name, pan, status, message) => {
    const who = await applicantAtPan(t);
    expectError(await send(t, who, '/api/user/pan-number', { pan, dateOfBirth: dob }), status, message);
  });

  it('digits 9999: a slow answer (the configured delay), then verified', async () => {
    const who = await applicantAtPan(t);
    const started = performance.now();
    const { status, body } = await send<PanCheckResponse>(t, who, '/api/user/pan-number', { pan: 'ABCPK9999L', dateOfBirth: dob });
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(status).toBe(200);
    expect(body.name).toMatch(/ KULKARNI$/);
  });

  it('before email verification: please complete previous steps (the registry is not asked)', async () => {
    const { token } = await signIn(t);
    const response = await send(t, { token, phone: '' }, '/api/user/pan-number', { pan: 'ABCPE5000F', dateOfBirth: dob });
    expectError(response, 400, 'please complete previous steps');
  });

  it('signed out: 401', async () => {
    expectError(await send(t, { token: 'nope', phone: '' }, '/api/user/pan-number', { pan: 'ABCPE1234F', dateOfBirth: dob }), 401, 'unauthorized');
  });
});

describe('POST /api/user/confirm-pan', () => {
  it('without a pending check: Verify your PAN first', async () => {
    const who = await applicantAtPan(t);
    expectError(await send(t, who, '/api/user/confirm-pan', {}), 400, 'Verify your PAN first');
  });

  it('after a refused lookup there is still nothing to confirm', async () => {
    const who = await applicantAtPan(t);
    await send(t, who, '/api/user/pan-number', { pan: 'ABCPE1111F', dateOfBirth: dob });
    expectError(await send(t, who, '/api/user/confirm-pan', {}), 400, 'Verify your PAN first');
  });

  it('stores PAN, name and date of birth, completes the step: next is the step after it', async () => {
    const who = await applicantAtPan(t);
    const confirmed = await verifyAndConfirmPan(t, who, 'ABCPR4321K', '01/02/1985');
    expect(confirmed.message).toBe('PAN card Verified Successfully!');
    const expected = { pan: 'ABCPR4321K', name: sandboxPanName('ABCPR4321K'), dateOfBirth: '01/02/1985' };
    expect(confirmed.user).toMatchObject({ ...expected, currentStep: 'pan_verification', nextStep: nextAfter('pan_verification') });
    expect(continueRoute(loadConfig().flow, confirmed.user.nextStep)).toBe('/kyc-verification');
    const me = (await get(t.app, '/api/user', auth(who.token))).json<UserResponse>().user;
    expect(me).toMatchObject(expected);
    // A confirmed PAN is closed: neither a new lookup nor a second confirm goes through.
    expectError(await send(t, who, '/api/user/confirm-pan', {}), 400, 'please complete previous steps');
    expectError(await send(t, who, '/api/user/pan-number', { pan: 'ABCPQ4321K', dateOfBirth: '01/02/1985' }), 400, 'please complete previous steps');
  });

  it('set-previous reopens the PAN step, and the used check stays used', async () => {
    const who = await applicantAtPan(t);
    await verifyAndConfirmPan(t, who, 'ABCPR4322K', '01/02/1985');
    expect((await send(t, who, '/api/user/set-previous', {})).status).toBe(200);
    expectError(await send(t, who, '/api/user/confirm-pan', {}), 400, 'Verify your PAN first');
    expect((await send(t, who, '/api/user/pan-number', { pan: 'ABCPR4322K', dateOfBirth: '01/02/1985' })).status).toBe(200);
  });

  it('confirms the latest lookup, not an earlier one', async () => {
    const who = await applicantAtPan(t);
    await send(t, who, '/api/user/pan-number', { pan: 'ABCPA1234F', dateOfBirth: dob });
    await send(t, who, '/api/user/pan-number', { pan: 'ABCPB1234F', dateOfBirth: '02/02/1992' });
    const { body } = await send<StepSavedResponse>(t, who, '/api/user/confirm-pan', {});
    expect(body.user).toMatchObject({ pan: 'ABCPB1234F', dateOfBirth: '02/02/1992' });
  });

  it('a pending check expires after 30 minutes', async () => {
    const who = await applicantAtPan(t);
    await send(t, who, '/api/user/pan-number', { pan: 'ABCPX1234F', dateOfBirth: dob });
    t.clock.advance(minutes(30));
    expectError(await send(t, who, '/api/user/confirm-pan', {}), 400, 'Verify your PAN first');
  });

  it('takes an empty body or none, but nothing else', async () => {
    const who = await applicantAtPan(t);
    await send(t, who, '/api/user/pan-number', { pan: 'ABCPY1234F', dateOfBirth: dob });
    expect((await send(t, who, '/api/user/confirm-pan', { pan: 'ABCPZ1234F' })).status).toBe(400);
    const none = await t.app.inject({ method: 'POST', url: '/api/user/confirm-pan', headers: auth(who.token).headers });
    expect(none.statusCode).toBe(200);
  });
});

describe('one account per PAN', () => {
  it('a PAN confirmed by another applicant: 409 at lookup', async () => {
    await verifyAndConfirmPan(t, await applicantAtPan(t), 'DUPPL1234Q');
    const second = await applicantAtPan(t);
    expectError(await send(t, second, '/api/user/pan-number', { pan: 'DUPPL1234Q', dateOfBirth: dob }), 409, 'PAN is already registered with another account');
  });

  it('two applicants with the same pending PAN: the second confirm gets 409', async () => {
    const [first, second] = [await applicantAtPan(t), await applicantAtPan(t)];
    for (const who of [first, second]) {
      expect((await send(t, who, '/api/user/pan-number', { pan: 'RACPE1234Q', dateOfBirth: dob })).status).toBe(200);
    }
    expect((await send(t, first, '/api/user/confirm-pan', {})).status).toBe(200);
    expectError(await send(t, second, '/api/user/confirm-pan', {}), 409, 'PAN is already registered with another account');
  });

  it('two confirms of one PAN at the same moment: exactly one wins (unique index), the other gets 409', async () => {
    const pair = [await applicantAtPan(t), await applicantAtPan(t)];
    for (const who of pair) await send(t, who, '/api/user/pan-number', { pan: 'SAMPE1234Q', dateOfBirth: dob });
    const answers = await Promise.all(pair.map((who) => send(t, who, '/api/user/confirm-pan', {})));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });

  it('the same applicant may look their own PAN up again (after set-previous reopens the step)', async () => {
    const who = await applicantAtPan(t);
    await verifyAndConfirmPan(t, who, 'OWNPA1234Q');
    expect((await send(t, who, '/api/user/set-previous', {})).status).toBe(200);
    expect((await send(t, who, '/api/user/pan-number', { pan: 'OWNPA1234Q', dateOfBirth: dob })).status).toBe(200);
  });
});

describe('logs', () => {
  it('never hold a full PAN, also when the registry fails', async () => {
    const who = await applicantAtPan(t);
    for (const pan of ['LOGPA5000Z', 'LOGPA0000Z', 'LOGPA1234Z']) await send(t, who, '/api/user/pan-number', { pan, dateOfBirth: dob });
    const log = loggedText();
    expect(log).toContain('no KRA could answer');
    expect(log).toContain('LO*******Z');
    expect(log).not.toMatch(/LOGPA\d{4}Z/);
  });
});

describe('the KRA status shapes the PAN step (flow.json kra)', () => {
  it('validated (digits 7777): the KRA record to confirm, address included; GET shows it; confirming stores the status and address', async () => {
    const who = await applicantAtPan(t);
    const { status, body } = await send<PanCheckResponse>(t, who, '/api/user/pan-number', { pan: 'ABCPS7777F', dateOfBirth: dob });
    expect(status).toBe(200);
    expect(body).toMatchObject({ pan: 'ABCPS7777F', dateOfBirth: dob, name: sandboxPanName('ABCPS7777F'), kraStatus: 'validated', confirm: true });
    expect(body.address).toMatchObject({ line1: expect.stringMatching(/^FLAT \d+, SHANTI APARTMENTS$/), country: 'INDIA' });
    const pending = await get(t.app, '/api/user/pan-number', auth(who.token));
    expect(pending.json()).toEqual(body);
    const confirmed = await send<StepSavedResponse>(t, who, '/api/user/confirm-pan', {});
    expect(confirmed.body.user).toMatchObject({ pan: 'ABCPS7777F', kraStatus: 'validated', nextStep: nextAfter('pan_verification') });
    const me = (await get(t.app, '/api/user', auth(who.token))).json<{ user: Record<string, unknown> }>().user;
    expect(me).toMatchObject({ kraStatus: 'validated', kraAddress: body.address });
  });

  it('registered: confirmed at once, the status on GET /api/user', async () => {
    const who = await applicantAtPan(t);
    const confirmed = await verifyAndConfirmPan(t, who, 'ABCPR2222K', dob);
    expect(confirmed.user).toMatchObject({ kraStatus: 'registered' });
  });

  it('rejected (digits 4444): the fresh-KYC way: confirmed, status rejected, the KRA record not reused (no address), next the DigiLocker KYC', async () => {
    const who = await applicantAtPan(t);
    const { body } = await send<PanCheckResponse>(t, who, '/api/user/pan-number', { pan: 'ABCPS4444F', dateOfBirth: dob });
    expect(body).toEqual({ pan: 'ABCPS4444F', dateOfBirth: dob, name: sandboxPanName('ABCPS4444F'), kraStatus: 'rejected', confirm: false });
    const confirmed = await send<StepSavedResponse>(t, who, '/api/user/confirm-pan', {});
    expect(confirmed.body.user).toMatchObject({ kraStatus: 'rejected', nextStep: 'aadhaar_verification' });
    expect((confirmed.body.user as unknown as Record<string, unknown>).kraAddress).toBeUndefined();
  });

  it('GET /api/user/pan-number without a pending check: Verify your PAN first', async () => {
    const who = await applicantAtPan(t);
    expectError(await get(t.app, '/api/user/pan-number', auth(who.token)).then((response) => ({ status: response.statusCode, body: response.json() })), 400, 'Verify your PAN first');
  });
});
