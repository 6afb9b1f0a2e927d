import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageText } from '../../../core/engine/message-codes';
import { defaultConfigDir } from '../../../server/config/load-config';
import { type TestApp, auth, newPhone, post, signIn } from '../helpers';
import { messagesOf } from '../language-fixtures';
import { opsCall, startOpsApp } from '../ops-fixtures';
import { userIdOf } from '../stored-records';

/**
 * Issue 30, accessibility (SEBI's circular of July 2025 on digital accessibility): "Need help?" on every page leads to
 * a request the back office sees, with the page and step it was asked from and the applicant's preferred contact time.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startOpsApp();
});
afterAll(() => t.close());

const hindi = messagesOf(defaultConfigDir, 'hi');
type Listed = { requests: { applicationId: string | null; phone: string; route: string; step: string | null; contactTime: string; message: string | null; language: string; requestedAt: string }[] };

describe('POST /api/help-requests', () => {
  it('a visitor on /login gives the number to call; the back office sees it with the page, the step and the time chosen', async () => {
    const phone = newPhone();
    const answer = await post(t.app, '/api/help-requests', { route: '/login', contactTime: 'evening', phone, message: 'I cannot read small text' });
    expect({ status: answer.statusCode, body: answer.json() }).toEqual({ status: 200, body: { message: 'Thank you. We will contact you at the time you chose.' } });
    const listed = await opsCall<Listed>(t, 'GET', '/api/ops/help-requests');
    expect(listed.body.requests[0]).toEqual({
      id: expect.any(String),
      applicationId: null,
      phone,
      route: '/login',
      step: 'mobile_verification',
      contactTime: 'evening',
      // The reviewer reads the words the applicant chose, not the stored value.
      contactTimeLabel: 'Evening, 4 pm to 7 pm',
      message: 'I cannot read small text',
      language: 'en',
      languageName: 'English',
      requestedAt: new Date(t.clock.now).toISOString(),
    });
  });

  it("signed in, the applicant's own number and next step are taken", async () => {
    const who = await signIn(t);
    const answer = await post(t.app, '/api/help-requests', { route: '/verify-image', contactTime: 'morning' }, auth(who.token));
    expect(answer.statusCode).toBe(200);
    // The test clock stands still, so requests share their time: this applicant's is found by number.
    const mine = (await opsCall<Listed>(t, 'GET', '/api/ops/help-requests')).body.requests.find((request) => request.phone === who.phone);
    expect(mine).toMatchObject({ applicationId: await userIdOf(t, who), phone: who.phone, route: '/verify-image', step: 'email_verification', contactTime: 'morning', message: null });
  });

  it('refuses a visitor without a number, and a time the page does not offer, in the reader\'s language', async () => {
    const missing = await post(t.app, '/api/help-requests', { route: '/login', contactTime: 'midnight' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      contactTime: ['Choose when we should contact you'],
      phone: ['Enter the 10-digit mobile number we should call'],
    });
    const inHindi = await post(t.app, '/api/help-requests', { route: '/login', contactTime: 'morning' }, { headers: { 'accept-language': 'hi' } });
    expect(inHindi.json<{ errors: Record<string, string[]> }>().errors).toEqual({ phone: [messageText(hindi, 'regulation.helpPhoneRequired')] });
  });

  it('the back office list needs a reviewer', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/ops/help-requests' })).statusCode).toBe(401);
  });
});
