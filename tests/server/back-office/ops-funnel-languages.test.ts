import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsFunnel } from '../../../core/api/types';
import { minutes, newIp, type TestApp } from '../helpers';
import { opsCall, startOpsApp } from '../ops-fixtures';
import { applicantAt } from '../step-fixtures';

/**
 * Issue 32: the funnel counts one error once, whichever language showed it: 'Enter valid Email Id' and its Hindi
 * 'मान्य ईमेल आईडी दर्ज करें' are one row, in English with the Hindi beside it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startOpsApp();
});
afterAll(() => t.close());

const formError = (message: string) => ({ type: 'form_error', route: '/add-email', message });
const english = 'Enter valid Email Id';
const hindi = 'मान्य ईमेल आईडी दर्ज करें';

describe('the funnel in both languages', () => {
  it('one row per message: English and Hindi counted together, the Hindi words beside the English', async () => {
    const first = await applicantAt(t, 'email_verification');
    const second = await applicantAt(t, 'email_verification');
    const send = (token: string, batch: unknown[]) =>
      t.app.inject({ method: 'POST', url: '/api/events', payload: { events: batch }, headers: { 'x-access-token': token }, remoteAddress: newIp() });
    expect((await send(first.token, [formError(english), formError(english)])).statusCode).toBe(202);
    expect((await send(second.token, [formError(hindi), formError('Something only this screen says')])).statusCode).toBe(202);
    // The period ends now, exclusive: a minute on, the events are inside it.
    t.clock.advance(minutes(1));
    const { body } = await opsCall<OpsFunnel>(t, 'GET', '/api/ops/funnel');
    expect(body.steps.find((step) => step.step === 'email_verification')?.topErrors).toEqual([
      { message: english, count: 3, translations: [{ language: 'hi', text: hindi }] },
      { message: 'Something only this screen says', count: 1, translations: [] },
    ]);
  });
});
