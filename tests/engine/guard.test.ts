import { describe, expect, it } from 'vitest';
import { guardRoute, type GuardInput } from '../../src/engine/guard';
import { realFlow, swapSteps } from '../fixtures/flow-config';

const flow = realFlow();
const signedIn = (path: string, nextStep: string | null, redirected = false): GuardInput => ({ path, signedIn: true, nextStep, redirected });

describe('step guard (spec 4)', () => {
  it.each<[string, GuardInput, ReturnType<typeof guardRoute>]>([
    ['does nothing without a token', { path: '/verify-pan', signedIn: false, nextStep: 'email_verification', redirected: false }, {}],
    ['does nothing on /login', signedIn('/login', 'pan_verification'), {}],
    ['does nothing on /verify-otp', signedIn('/verify-otp', 'pan_verification'), {}],
    ['sends / with completed to /completed', signedIn('/', 'completed'), { redirect: '/completed' }],
    ['sends / with user_setup to /completed', signedIn('/', 'user_setup'), { redirect: '/completed' }],
    ['sends / with verified to /completed', signedIn('/', 'verified'), { redirect: '/completed' }],
    ['sends / with verification_pending to /completed', signedIn('/', 'verification_pending'), { redirect: '/completed' }],
    ['sends / with e_sign_completed to /completed', signedIn('/', 'e_sign_completed'), { redirect: '/completed' }],
    ['shows the resume screen at / otherwise', signedIn('/', 'bank_details'), {}],
    ['jumps from / to the next step once with the redirected flag', signedIn('/', 'bank_details', true), { redirect: '/link-bank-account', clearRedirected: true }],
    ['sends re_verification to /re-verification', signedIn('/verify-pan', 're_verification'), { redirect: '/re-verification' }],
    ['keeps re_verification on /re-verification', signedIn('/re-verification', 're_verification'), {}],
    ['sends verified to /completed', signedIn('/add-email', 'verified'), { redirect: '/completed' }],
    ['sends verification_pending to /completed', signedIn('/verify-pan', 'verification_pending'), { redirect: '/completed' }],
    ['sends e_sign_completed to /completed', signedIn('/aadhaar-esign', 'e_sign_completed'), { redirect: '/completed' }],
    ['keeps verified on /completed', signedIn('/completed', 'verified'), {}],
    ['sends a later step back to the next step', signedIn('/link-bank-account', 'pan_verification'), { redirect: '/verify-pan' }],
    ['sends an earlier step on to the next step', signedIn('/add-email', 'pan_verification'), { redirect: '/verify-pan' }],
    ['allows any route of the next step', signedIn('/change-dob', 'pan_verification'), {}],
    ['allows the second route of email', signedIn('/verify-email', 'email_verification'), {}],
    ['normalises a trailing slash', signedIn('/income-proof/callback/', 'income_proof'), {}],
    ['lets /refresh run', signedIn('/refresh', 'bank_details'), {}],
    ['lets the re-KYC page open from its link', signedIn('/rekyc/income-proof/upload', 'completed'), {}],
    ['sends modification to /modification', signedIn('/verify-pan', 'modification'), { redirect: '/modification' }],
    ['sends an unknown step to /completed', signedIn('/verify-pan', 'mystery'), { redirect: '/completed' }],
  ])('%s', (_name, input, decision) => {
    expect(guardRoute(flow, input)).toEqual(decision);
  });

  it('lets a rejected selfie be taken again at /verify-image during modification, and nothing else', () => {
    const withRejected = (path: string, rejectedSteps: string[]): GuardInput => ({ ...signedIn(path, 'modification'), rejectedSteps });
    expect(guardRoute(flow, withRejected('/verify-image', ['liveliness_detection', 'signature']))).toEqual({});
    expect(guardRoute(flow, withRejected('/verify-image', ['signature']))).toEqual({ redirect: '/modification' });
    // Documents are fixed on /modification itself: their journey pages stay closed.
    expect(guardRoute(flow, withRejected('/pan-image-upload', ['pan_image_upload']))).toEqual({ redirect: '/modification' });
    expect(guardRoute(flow, { ...signedIn('/verify-image', 'verification_pending'), rejectedSteps: ['liveliness_detection'] })).toEqual({ redirect: '/completed' });
  });

  it("sends re_verification from the root to /re-verification (issue 20: not a resume at '14 of 14 steps')", () => {
    expect(guardRoute(flow, signedIn('/', 're_verification'))).toEqual({ redirect: '/re-verification' });
    // The one-shot flag changes nothing there.
    expect(guardRoute(flow, { ...signedIn('/', 're_verification'), redirected: true })).toEqual({ redirect: '/re-verification' });
  });

  it('follows the config when steps are reordered', () => {
    const swapped = swapSteps(flow, 'email_verification', 'pan_verification');
    expect(guardRoute(swapped, signedIn('/add-email', 'pan_verification'))).toEqual({ redirect: '/verify-pan' });
  });
});
