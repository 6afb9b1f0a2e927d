import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../core/api/types';
import { type TestApp, auth, latestCode, outbox, post, startTestApp } from '../server/helpers';
import { heldRoute } from '../server/held-route';
import { applicantAt } from '../server/step-fixtures';

/**
 * Two instances on one PostgreSQL database (issue 19): an applicant's state-changing requests take turns across
 * both, so a double submit split over the instances, or a stale tab on one racing the submit on the other, runs
 * one after the other. Runs with ONBOARD_TEST_POSTGRES_URL (npm run test:postgres); SQLite is one process.
 */

const postgres = !!process.env.ONBOARD_TEST_POSTGRES_URL;
const budgetMs = 600;

const { routes: heldRoutes, holding, release } = heldRoute();
const holdRoutes = () => heldRoutes;

describe.skipIf(!postgres)('turns shared by two instances on one PostgreSQL database', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await startTestApp({ limits: { requestBudgetMs: budgetMs }, extraSignedInRoutes: [holdRoutes] });
    second = await startTestApp({ limits: { requestBudgetMs: budgetMs }, databaseUrl: first.databaseUrl });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("a request on the second instance waits for the applicant's turn held on the first: 503 'server busy' in time, then it runs", async () => {
    const who = await applicantAt(first, 'personal_details', {}, 'pan_image_upload');
    const hold = post(first.app, '/api/test/hold', {}, auth(who.token)).then((answer) => answer);
    await holding;
    const started = performance.now();
    const waited = await post(second.app, '/api/user/set-previous', {}, auth(who.token));
    expect({ status: waited.statusCode, message: waited.json<ApiErrorBody>().message }).toEqual({ status: 503, message: 'server busy, please try again' });
    expect(performance.now() - started).toBeLessThan(budgetMs + 1_500);
    release();
    expect((await hold).statusCode).toBe(200);
    expect((await post(second.app, '/api/user/set-previous', {}, auth(who.token))).statusCode).toBe(200);
  });

  it('add-email sent to both instances at once: one email, the other request too early, the code works', async () => {
    const who = await applicantAt(first, 'email_verification', {}, 'mobile_verification');
    const email = `both-${who.phone}@example.com`;
    const answers = await Promise.all([first, second].map((t) => post(t.app, '/api/user/add-email', { email }, auth(who.token)).then((answer) => answer)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 429]);
    expect(await outbox(first.app, email)).toHaveLength(1);
    const verified = await post(second.app, '/api/user/verify-email', { email, otp: await latestCode(first.app, email) }, auth(who.token));
    expect(verified.statusCode).toBe(200);
  });
});
