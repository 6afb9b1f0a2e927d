import { describe, expect, it } from 'vitest';
import { guardRoute, type GuardInput } from '../../core/engine/guard';
import { swapSteps } from '../fixtures/flow-config';
import { miniFlow } from '../fixtures/mini-flow';

// Mechanics on a flow of the tests' own; the spec's statuses and routes: tests/config/spec-contract.test.ts.
const flow = miniFlow();
const signedIn = (path: string, nextStep: string | null, redirected = false): GuardInput => ({ path, signedIn: true, nextStep, redirected });

describe('step guard', () => {
  it.each<[string, GuardInput, ReturnType<typeof guardRoute>]>([
    ['does nothing without a token', { path: '/identity', signedIn: false, nextStep: 'contact', redirected: false }, {}],
    ['does nothing on the login route', signedIn('/start', 'identity'), {}],
    ['does nothing on the code route', signedIn('/start/code', 'identity'), {}],
    ['sends / with open to the completed route', signedIn('/', 'open'), { redirect: '/done' }],
    ['sends / with setting_up to the completed route', signedIn('/', 'setting_up'), { redirect: '/done' }],
    ['sends / with approved to the completed route', signedIn('/', 'approved'), { redirect: '/done' }],
    ['sends / with in_review to the completed route', signedIn('/', 'in_review'), { redirect: '/done' }],
    ['sends / with signed to the completed route', signedIn('/', 'signed'), { redirect: '/done' }],
    ['shows the resume screen at / otherwise', signedIn('/', 'photo'), {}],
    ['jumps from / to the next step once with the redirected flag', signedIn('/', 'photo', true), { redirect: '/photo', clearRedirected: true }],
    ['sends recheck to its route', signedIn('/identity', 'recheck'), { redirect: '/recheck' }],
    ['keeps recheck on its route', signedIn('/recheck', 'recheck'), {}],
    ['sends approved to the completed route', signedIn('/contact', 'approved'), { redirect: '/done' }],
    ['sends in_review to the completed route', signedIn('/identity', 'in_review'), { redirect: '/done' }],
    ['sends signed to the completed route', signedIn('/pay', 'signed'), { redirect: '/done' }],
    ['keeps approved on the completed route', signedIn('/done', 'approved'), {}],
    ['sends a later step back to the next step', signedIn('/photo', 'identity'), { redirect: '/identity' }],
    ['sends an earlier step on to the next step', signedIn('/contact', 'identity'), { redirect: '/identity' }],
    ['allows any route of the next step', signedIn('/identity/date', 'identity'), {}],
    ['allows the second route of contact', signedIn('/contact/code', 'contact'), {}],
    ['normalises a trailing slash', signedIn('/pay/callback/', 'payment'), {}],
    ['lets /refresh run', signedIn('/refresh', 'photo'), {}],
    ['lets an extra route open from its link', signedIn('/declare', 'open'), {}],
    ['sends fixing to its route', signedIn('/identity', 'fixing'), { redirect: '/fix' }],
    ['sends an unknown step to the completed route', signedIn('/identity', 'mystery'), { redirect: '/done' }],
  ])('%s', (_name, input, decision) => {
    expect(guardRoute(flow, input)).toEqual(decision);
  });

  it('lets a rejected selfie be taken again on its own page while fixing, and nothing else', () => {
    const withRejected = (path: string, rejectedSteps: string[]): GuardInput => ({ ...signedIn(path, 'fixing'), rejectedSteps });
    expect(guardRoute(flow, withRejected('/selfie', ['selfie', 'photo']))).toEqual({});
    expect(guardRoute(flow, withRejected('/selfie', ['photo']))).toEqual({ redirect: '/fix' });
    // A step fixed through the fixing status's own route keeps its journey page closed.
    expect(guardRoute(flow, withRejected('/photo', ['photo']))).toEqual({ redirect: '/fix' });
    expect(guardRoute(flow, { ...signedIn('/selfie', 'in_review'), rejectedSteps: ['selfie'] })).toEqual({ redirect: '/done' });
  });

  it('sends a re-verification status from the root to its route (issue 20: not a resume at 100%)', () => {
    expect(guardRoute(flow, signedIn('/', 'recheck'))).toEqual({ redirect: '/recheck' });
    // The one-shot flag changes nothing there.
    expect(guardRoute(flow, { ...signedIn('/', 'recheck'), redirected: true })).toEqual({ redirect: '/recheck' });
  });

  it('follows the config when steps are reordered', () => {
    const swapped = swapSteps(flow, 'contact', 'identity');
    expect(guardRoute(swapped, signedIn('/contact', 'identity'))).toEqual({ redirect: '/identity' });
    expect(guardRoute(swapped, signedIn('/', 'contact', true))).toEqual({ redirect: '/contact', clearRedirected: true });
  });
});
