import { describe, expect, it } from 'vitest';
import { continueRoute, journey, routeAfter, stepAfter, stepBefore } from '../../core/engine/flow';
import { apiBindings, bindingNow, bodySchemaOf, fixRoutes, stepOpen } from '../../core/engine/step-api';
import { stepDeclarationProblems } from '../../core/engine/step-check';
import { swapSteps } from '../fixtures/flow-config';
import { miniFlow, miniJourney } from '../fixtures/mini-flow';

// Mechanics on a flow of the tests' own; the spec's routes and order: tests/config/spec-contract.test.ts.
const flow = miniFlow();

describe('continue logic: the first route of nextStep', () => {
  it.each([
    ['sign_in', '/start'],
    ['contact', '/contact'],
    ['identity', '/identity'],
    ['terms', '/sign'],
    ['signature', '/sign'],
    ['payment', '/pay'],
    ['fixing', '/fix'],
    ['setting_up', '/done'],
    ['open', '/done'],
    // continue.toCompleted
    ['in_review', '/done'],
    ['approved', '/done'],
    ['recheck', '/done'],
    ['no_such_step', '/done'],
    [null, '/'],
    [undefined, '/'],
    ['', '/'],
  ])('nextStep %s → %s', (nextStep, route) => {
    expect(continueRoute(flow, nextStep)).toBe(route);
  });
});

describe('journey order from the steps array', () => {
  it('is the journey steps in array order, ending with afterJourney', () => {
    expect(journey(flow)).toEqual(miniJourney);
  });

  it.each([
    ['sign_in', 'contact'],
    ['identity', 'photo'],
    ['terms', 'signature'],
    ['payment', 'in_review'],
    ['in_review', undefined],
    ['fixing', undefined],
  ])('after %s comes %s', (step, next) => {
    expect(stepAfter(flow, step)).toBe(next);
  });

  it.each([
    ['contact', 'sign_in'],
    ['sign_in', undefined],
    ['approved', undefined],
  ])('before %s comes %s', (step, previous) => {
    expect(stepBefore(flow, step)).toBe(previous);
  });

  it('follows a reordered config with no code change', () => {
    const swapped = swapSteps(flow, 'contact', 'identity');
    expect(stepAfter(swapped, 'sign_in')).toBe('identity');
    expect(stepAfter(swapped, 'identity')).toBe('contact');
    expect(stepOpen(swapped, 'identity', { step: 'contact', closedWhenDone: false })).toBe(false);
    expect(stepOpen(flow, 'identity', { step: 'contact', closedWhenDone: false })).toBe(true);
  });
});

describe('step order enforcement: stepOpen(nextStep, step)', () => {
  it.each([
    ['contact', 'contact', true],
    ['identity', 'contact', true],
    ['contact', 'identity', false],
    ['sign_in', 'contact', false],
    ['photo', 'selfie', false],
    ['selfie', 'photo', true],
    // After the journey every journey step is closed: the application is with the back office.
    ['in_review', 'selfie', false],
    ['open', 'selfie', false],
    [null, 'contact', false],
    ['contact', 'approved', false],
    ['fixing', 'fixing', true],
    ['in_review', 'fixing', false],
  ])('next %s, submit %s → %s', (nextStep, step, allowed) => {
    expect(stepOpen(flow, nextStep, { step, closedWhenDone: false })).toBe(allowed);
  });

  it('a step closed once done is open only while it is next; a route may open it from then on', () => {
    const identity = apiBindings(flow).get('POST /user/identity')!;
    expect(identity).toEqual({ step: 'identity', closedWhenDone: true });
    expect(stepOpen(flow, 'identity', identity)).toBe(true);
    expect(stepOpen(flow, 'photo', identity)).toBe(false);
    const status = apiBindings(flow).get('GET /user/pay')!;
    expect(status).toEqual({ step: 'payment', closedWhenDone: false });
    expect(stepOpen(flow, 'payment', apiBindings(flow).get('POST /user/pay')!)).toBe(true);
    expect(stepOpen(flow, 'in_review', status)).toBe(false);
  });

  it('binds each declared route to its step, with the rejected step a fix route fixes', () => {
    expect(apiBindings(flow).get('POST /user/fix/photo')).toEqual({ step: 'fixing', fixes: ['photo'], closedWhenDone: false });
    expect(apiBindings(flow).get('POST /user/contact-code')).toEqual({ step: 'contact', closedWhenDone: false });
  });

  it("opens a step's own route to the status that reuses it as a fix, only while that step is rejected", () => {
    const selfie = apiBindings(flow).get('POST /user/selfie/check')!;
    expect(selfie).toMatchObject({ step: 'selfie', fixedBy: { step: 'fixing', fixes: ['selfie'] } });
    expect(bindingNow(flow, 'selfie', [], selfie)).toBe(selfie);
    expect(bindingNow(flow, 'fixing', ['selfie'], selfie)).toEqual(selfie.fixedBy);
    expect(bindingNow(flow, 'fixing', ['photo'], selfie)).toBeUndefined();
    expect(bindingNow(flow, 'in_review', ['selfie'], selfie)).toBeUndefined();
    expect(fixRoutes(flow, 'fixing', ['selfie', 'photo'])).toEqual(['/selfie']);
  });

  it('config check: a second step may declare a route only to fix the owner step', () => {
    const reused = structuredClone(flow);
    const fixing = reused.steps.find((step) => step.id === 'fixing')!;
    fixing.api = [...(fixing.api ?? []), { route: 'POST /user/identity', fixes: 'photo' }, 'POST /user/contact'];
    const problems = stepDeclarationProblems(reused, {}, []).filter((problem) => problem.includes('also bound'));
    expect(problems).toEqual([
      expect.stringContaining("route 'POST /user/identity' is also bound to step 'identity'"),
      expect.stringContaining("route 'POST /user/contact' is also bound to step 'contact'"),
    ]);
    expect(stepDeclarationProblems(flow, {}, []).filter((problem) => problem.includes('also bound'))).toEqual([]);
  });

  it('a route names its body schema in flow.json, so no route file names one; an unknown one is refused', () => {
    expect(bodySchemaOf(flow, 'POST /user/identity')).toBe('identity');
    expect(() => bodySchemaOf(flow, 'POST /user/photo')).toThrow(`flow-config/flow.json: no step declares a "body" schema for the route 'POST /user/photo'`);
    const renamed = structuredClone(flow);
    renamed.steps.find((step) => step.id === 'identity')!.api = [{ route: 'POST /user/identity', body: 'identities' }];
    expect(stepDeclarationProblems(renamed, { identity: {} }, []).filter((problem) => problem.includes("body schema 'identities'"))).toEqual([
      "flow-config/flow.json: /steps/2 ('identity'): route 'POST /user/identity' has body schema 'identities', which is not in schemas/step-data (known: identity)",
    ]);
  });
});

describe('routeAfter: the page whose code is loaded while the applicant works on this one', () => {
  it.each([
    ['/start', '/contact'],
    ['/contact/code', '/identity'],
    ['/identity/date', '/photo'],
    // Terms and signature share /sign: the next page is the selfie's.
    ['/sign', '/selfie'],
    ['/nowhere', undefined],
  ])('%s → %s', (path, route) => {
    expect(routeAfter(flow, path)).toBe(route);
  });
});
