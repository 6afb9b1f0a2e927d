import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config/load-config';
import { findStep, journey } from '../../core/engine/flow';
import { apiBindings, genericStep } from '../../core/engine/step-api';
import { type TestApp, auth, errorOf, post, startTestApp } from '../server/helpers';
import { type Applicant, applicantAt } from '../server/step-fixtures';
import { applicationState } from './application-state';
import { currentUser, freshPan } from './journey';
import { sendValid } from './request-fixtures';

/**
 * Step skipping (issue 19): an applicant early in the journey calls the routes of every later step, and of the
 * statuses after it, with valid requests: the step guard refuses each one and nothing changes. The order comes
 * from flow.json.
 */

const { flow } = loadConfig();
const order = journey(flow);
const bindings = apiBindings(flow);
/** The applicant has just signed in: the journey's second step is next. */
const early = order[1]!;
const later = [...bindings.entries()].filter(([, binding]) => {
  const at = order.indexOf(binding.step);
  return at < 0 || at > order.indexOf(early);
});

let t: TestApp;
let who: Applicant;
beforeAll(async () => {
  t = await startTestApp();
  who = await applicantAt(t, early, {}, order[0]);
});
afterAll(() => t.close());

describe(`skipping ahead from ${early}`, () => {
  it('covers the routes of every later step (the generic ones are tried below)', () => {
    const declaring = order.slice(order.indexOf(early) + 1).filter((id) => (findStep(flow, id)?.api ?? []).length > 0);
    expect(declaring.length).toBeGreaterThan(0);
    expect(declaring.filter((id) => !later.some(([, binding]) => binding.step === id))).toEqual([]);
  });

  it.each(later.map(([route]) => route))('%s: 400 please complete previous steps, nothing changes', async (route) => {
    const before = await applicationState(t, who.phone);
    const answer = await sendValid(t, route, { token: who.token, pan: freshPan(), dateOfBirth: '15/08/1990' });
    expect({ status: answer.statusCode, message: errorOf(answer).message }).toEqual({ status: 400, message: 'please complete previous steps' });
    expect(await applicationState(t, who.phone)).toEqual(before);
    expect((await currentUser(t, who)).nextStep).toBe(early);
  });

  it("a journey step's id on the generic step route is not a way round its own routes: 404", async () => {
    for (const step of order.filter((id) => !genericStep(flow, id))) {
      const answer = await post(t.app, `/api/user/step/${step}`, {}, auth(who.token));
      expect(answer.statusCode, step).toBe(404);
    }
  });

  it('a later step saved by the generic step route is refused until it is reached', async () => {
    const before = await applicationState(t, who.phone);
    for (const step of order.slice(order.indexOf(early) + 1).filter((id) => genericStep(flow, id))) {
      const answer = await post(t.app, `/api/user/step/${step}`, {}, auth(who.token));
      expect({ status: answer.statusCode, message: errorOf(answer).message }, step).toEqual({ status: 400, message: 'please complete previous steps' });
    }
    expect(await applicationState(t, who.phone)).toEqual(before);
  });
});
