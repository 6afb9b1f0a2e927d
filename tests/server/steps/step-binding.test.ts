import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBindings } from '../../../core/engine/step-api';
import { realFlow, tempConfigDir } from '../../fixtures/flow-config';
import { type TestApp, startTestApp } from '../helpers';
import { applicantAt, expectError, send, validModification, validPersonalDetails } from '../step-fixtures';

/** Routes are bound to steps by flow.json; one hook guards them all, so no route can forget the order. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

/** 'POST /api/user/pan-number' for each POST route of Fastify's printRoutes tree (children extend their parent). */
function postRoutes(tree: string): string[] {
  const parents: string[] = [];
  return tree.split('\n').flatMap((line) => {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+) \(([^)]*)\)/.exec(line);
    if (!match) return [];
    const depth = (match[1] ?? '').length / 4;
    const path = `${parents[depth - 1] ?? ''}${match[2]}`;
    parents[depth] = path;
    return (match[3] ?? '').split(', ').includes('POST') ? [`POST ${path}`] : [];
  });
}

/** Signed-in routes that change something but belong to no step, on purpose. */
const stepless = [
  'POST /api/user/set-previous',
  'POST /api/logout',
  'POST /api/user/step/:stepId',
  // The applicant's data rights, whatever their step (DPDP Act 2023).
  'POST /api/user/consents/:purpose/give',
  'POST /api/user/consents/:purpose/withdraw',
  'POST /api/user/erasure',
  // The applicant's language, a setting whatever their step.
  'POST /api/user/language',
];

describe('route binding', () => {
  it('every signed-in POST route is bound to a step in flow.json, or is known to belong to none', () => {
    // flow.json writes path parameters as {key}, Fastify prints them as :key.
    const bound = new Set([...apiBindings(realFlow()).keys()].map((route) => route.replace(' ', ' /api').replace(/\{(\w+)\}/g, ':$1')));
    const routes = postRoutes(t.app.printRoutes({ commonPrefix: false })).filter(
      (route) => route.startsWith('POST /api/user') || route === 'POST /api/logout',
    );
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) expect(bound.has(route) || stepless.includes(route), route).toBe(true);
  });

  it('closes every journey step once the journey is over (verification pending)', async () => {
    const who = await applicantAt(t, 'verification_pending');
    expectError(await send(t, who, '/api/user/personal-details', validPersonalDetails), 400, 'please complete previous steps');
    expectError(await send(t, who, '/api/user/add-email', { email: 'late@example.com' }), 400, 'please complete previous steps');
  });

  it('a fix route is open only in modification, and only for the step it fixes when rejected', async () => {
    const notRejected = await applicantAt(t, 'modification', { signature: { reason: 'Blurred' } });
    expectError(await send(t, notRejected, '/api/user/modification/details', validModification), 400, 'please complete previous steps');
    const pending = await applicantAt(t, 'verification_pending', { personal_details: { reason: 'Mismatch' } });
    expectError(await send(t, pending, '/api/user/modification/details', validModification), 400, 'please complete previous steps');
  });

  it('start-up fails when flow.json binds a route the server does not have', async () => {
    const configDir = tempConfigDir((flow) => ({
      ...flow,
      // A route of its own (a save route would be served at any path flow.json gives it).
      steps: flow.steps.map((step) => (step.id === 'nominee' ? { ...step, api: [{ route: 'POST /user/add-nomine', body: 'nominee' }, ...(step.api ?? []).slice(1)] } : step)),
    }));
    try {
      await expect(startTestApp({ configDir })).rejects.toThrow('flow-config/flow.json binds routes the server does not have: POST /user/add-nomine');
    } finally {
      rmSync(dirname(configDir), { recursive: true, force: true });
    }
  });
});
