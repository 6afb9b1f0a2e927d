import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config/load-config';
import { apiBindings, bindingNow } from '../../core/engine/step-api';
import { type TestApp, auth, post, startTestApp } from '../server/helpers';
import { expectError, setUserRow } from '../server/step-fixtures';
import { applicationState } from './application-state';
import { type Walker, currentUser, walkOn, walkTo } from './journey';
import { sendValid, validRequests } from './request-fixtures';

/**
 * A submitted application is closed (issue 19): past the journey, no applicant route moves the pointer back or
 * changes a step, the PAN, the email or a document; only the fixes of rejected steps change what was rejected.
 * The routes come from flow.json's `api` lists, the later statuses from the steps it does not mark `journey`.
 */

const { flow } = loadConfig();
const boundRoutes = [...apiBindings(flow).keys()];
const laterStatuses = flow.steps.filter((step) => !step.journey).map((step) => step.id);
const submitted = 'application already submitted';
const outOfSync = 'please complete previous steps';

let t: TestApp;
let who: Walker;
beforeAll(async () => {
  t = await startTestApp();
  who = await walkTo(t);
});
afterAll(() => t.close());

const setPrevious = () => post(t.app, '/api/user/set-previous', {}, auth(who.token));

describe('a submitted application', () => {
  it('is reached through every journey step, and the later statuses include the one after the journey', async () => {
    expect((await currentUser(t, who)).nextStep).toBe(flow.afterJourney);
    expect(laterStatuses).toContain(flow.afterJourney);
    expect(boundRoutes.length).toBeGreaterThan(10);
  });

  it('the attack of issue 19: set-previous is refused at its first request, and nothing changes', async () => {
    const before = await applicationState(t, who.phone);
    const first = await setPrevious();
    expectError({ status: first.statusCode, body: first.json() }, 409, submitted);
    // Eleven times over, then the PAN and the email, as the attacker did: nothing moves.
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await setPrevious()).statusCode).toBe(409);
    for (const route of ['POST /user/pan-number', 'POST /user/confirm-pan', 'POST /user/add-email', 'POST /user/e-sign-documents', 'POST /user/initiate-verification']) {
      const answer = await sendValid(t, route, who);
      expect(answer.statusCode, route).toBe(400);
    }
    expect(await applicationState(t, who.phone)).toEqual(before);
    expect((await currentUser(t, who)).nextStep).toBe(flow.afterJourney);
  });

  it('has a valid request fixture for every route flow.json binds', () => {
    expect(boundRoutes.filter((route) => !validRequests[route])).toEqual([]);
  });

  describe.each(laterStatuses)('at %s', (status) => {
    beforeAll(async () => {
      await setUserRow(t, who.phone, { next_step: status, rejected_steps: '{}' });
    });

    it('set-previous answers 409 and changes nothing', async () => {
      const before = await applicationState(t, who.phone);
      const answer = await setPrevious();
      expectError({ status: answer.statusCode, body: answer.json() }, 409, submitted);
      expect(await applicationState(t, who.phone)).toEqual(before);
    });

    it.each(boundRoutes)('%s is refused by the step guard and changes nothing', async (route) => {
      const before = await applicationState(t, who.phone);
      const answer = await sendValid(t, route, who);
      expectError({ status: answer.statusCode, body: answer.json() }, 400, outOfSync);
      expect(await applicationState(t, who.phone)).toEqual(before);
    });
  });

  // The status a back-office reject sends the applicant to, with every step a reject may send back.
  const fixing = flow.review.decisions.reject.to;
  describe(`at ${fixing} with every rejectable step rejected`, () => {
    const rejected = Object.fromEntries(flow.review.rejectable.map((step) => [step, { reason: 'Please redo' }]));
    const fixes = boundRoutes.filter((route) => bindingNow(flow, fixing, Object.keys(rejected), apiBindings(flow).get(route)!));
    beforeAll(async () => {
      await setUserRow(t, who.phone, { next_step: fixing, rejected_steps: JSON.stringify(rejected) });
    });

    it('only the routes that fix rejected steps are open (their own tests cover what they change)', () => {
      for (const route of fixes) {
        const binding = apiBindings(flow).get(route)!;
        expect(binding.fixes ?? binding.fixedBy?.fixes, route).toBeDefined();
      }
      expect(fixes.length).toBeGreaterThan(0);
    });

    it.each(boundRoutes.filter((route) => !fixes.includes(route)))('%s is refused and changes nothing', async (route) => {
      const before = await applicationState(t, who.phone);
      const answer = await sendValid(t, route, who);
      expectError({ status: answer.statusCode, body: answer.json() }, 400, outOfSync);
      expect(await applicationState(t, who.phone)).toEqual(before);
    });

    it('set-previous answers 409 and changes nothing', async () => {
      const before = await applicationState(t, who.phone);
      expect((await setPrevious()).statusCode).toBe(409);
      expect(await applicationState(t, who.phone)).toEqual(before);
    });
  });
});

describe('a late provider answer', () => {
  it('a UPI payment for a request started before the bank step was left links nothing, and is refunded', async () => {
    const bankStep = apiBindings(flow).get('POST /user/rpd-verification')!.step;
    const late = await walkTo(t, bankStep);
    const started = await post(t.app, '/api/user/rpd-verification', {}, auth(late.token));
    expect(started.statusCode).toBe(200);
    const { requestId } = started.json<{ requestId: string }>();
    await walkOn(t, late);
    expect((await currentUser(t, late)).nextStep).toBe(flow.afterJourney);
    const before = await applicationState(t, late.phone);
    const paid = await post(t.app, `/api/dev/upi/${requestId}/pay`, { accountNumber: '50100777766665' });
    expect(paid.json()).toEqual({ requestId, status: 'failure', message: 'Bank details can no longer be changed; this payment will be refunded', applied: false });
    const after = await applicationState(t, late.phone);
    // Only the request itself is settled; the linked account and every step are as they were.
    expect({ ...after.rows, rpd_requests: [] }).toEqual({ ...before.rows, rpd_requests: [] });
    expect(after.files).toEqual(before.files);
  });
});
