import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config/load-config';
import type { ApiErrorBody } from '../../core/api/types';
import { apiBindings } from '../../core/engine/step-api';
import { type TestApp, auth, post, startTestApp } from '../server/helpers';
import { applicantAt, setPanRecord } from '../server/step-fixtures';
import { applicationState } from './application-state';
import { currentUser, freshPan } from './journey';
import { sendSpec, validRequests } from './request-fixtures';

/**
 * Mass assignment (issue 19): fields a step body does not declare (the applicant's pointers, PAN, id, phone,
 * rejected steps) are refused with a 400 on every route flow.json binds, JSON and multipart alike, and nothing
 * of the application changes.
 */

const { flow } = loadConfig();
const bindings = apiBindings(flow);
const writeRoutes = [...bindings.keys()].filter((route) => !route.startsWith('GET '));
const extras = { nextStep: 'completed', currentStep: 'aadhaar_e_sign_documents', pan: 'ABCPE9876Z', id: 'someone-else', phone: '9000000000', rejectedSteps: {}, email: 'x@example.com' };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The route's valid request with every extra field added: to a JSON body, or as text parts in front of a form. */
async function withExtras(route: string, who: { token: string; pan: string; dateOfBirth: string }): Promise<LightMyRequestResponse> {
  const spec = await validRequests[route]!(who);
  if (spec.method === 'GET') throw new Error(`${route} takes no body`);
  if ('json' in spec) return sendSpec(t, who.token, { ...spec, json: { ...(spec.json as object), ...extras } });
  const fields = Object.entries(extras).map(([name, value]) => ({ name, value: JSON.stringify(value) }));
  return sendSpec(t, who.token, { ...spec, parts: [...fields, ...spec.parts] });
}

describe('mass assignment', () => {
  it.each(writeRoutes)('%s: undeclared fields are refused (400) and nothing changes', async (route) => {
    const binding = bindings.get(route)!;
    // At the route's own step (or fixing a rejected step), so only the body decides.
    const fixing = binding.fixedBy ?? (binding.fixes ? binding : undefined);
    const rejected = fixing ? Object.fromEntries((fixing.fixes ?? []).map((step) => [step, { reason: 'Redo' }])) : {};
    const who = await applicantAt(t, fixing?.step ?? binding.step, rejected);
    const pan = freshPan();
    await setPanRecord(t, who.phone, { pan, name: 'SNEHA SHARMA', dateOfBirth: '15/08/1990' });
    const before = await applicationState(t, who.phone);
    const answer = await withExtras(route, { token: who.token, pan, dateOfBirth: '15/08/1990' });
    expect(answer.statusCode, answer.body).toBe(400);
    expect((answer.json<ApiErrorBody>()).message).toMatch(/unknown property|additional properties|Unexpected field/);
    expect(await applicationState(t, who.phone)).toEqual(before);
    expect((await currentUser(t, who)).pan).toBe(pan);
  });

  it('set-previous and logout take no fields either', async () => {
    const who = await applicantAt(t, 'personal_details', {}, 'pan_image_upload');
    const before = await applicationState(t, who.phone);
    for (const url of ['/api/user/set-previous', '/api/logout']) {
      expect((await post(t.app, url, extras, auth(who.token))).statusCode).toBe(400);
    }
    expect(await applicationState(t, who.phone)).toEqual(before);
  });
});
