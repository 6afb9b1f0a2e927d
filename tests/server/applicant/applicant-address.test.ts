import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserResponse } from '../../../core/api/types';
import { auth, type TestApp, startTestApp } from '../helpers';
import { fullApplicant } from '../ops-review-fixture';
import { applicantAt } from '../step-fixtures';
import { stepAnswersOf } from '../stored-records';

/**
 * GET /api/user `address` (issue 32): the applicant's own address as the server holds it, what 'Same address as mine'
 * on /add-nominee fills a nominee's address with: the KRA record's permanent address, lines 2 and 3 as one line.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function userOf(token: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/user', ...auth(token) });
  expect(response.statusCode).toBe(200);
  return (JSON.parse(response.body) as UserResponse).user;
}

describe('GET /api/user: the applicant\'s own address', () => {
  it('is the permanent address on the KRA record confirmed with the PAN', async () => {
    const who = await fullApplicant(t);
    const kra = (await stepAnswersOf(t, who)).pan_verification?.kraAddress as Record<string, string>;
    expect(kra.line1).toBeTruthy();
    const line2 = [kra.line2, kra.line3].filter(Boolean).join(', ');
    expect((await userOf(who.token)).address).toEqual({ line1: kra.line1, ...(line2 ? { line2 } : {}), pincode: kra.pincode, city: kra.city, state: kra.state });
  });

  it('is null while the server holds none (no PAN confirmed yet)', async () => {
    const who = await applicantAt(t, 'pan_verification');
    expect((await userOf(who.token)).address).toBeNull();
  });
});
