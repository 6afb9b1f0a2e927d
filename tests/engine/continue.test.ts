import { describe, expect, it } from 'vitest';
import { continueRoute, hasReached, journey, stepAfter, stepBefore } from '../../src/engine/flow';
import { realFlow, swapSteps } from '../fixtures/flow-config';

const flow = realFlow();

describe('continue logic (spec 4): first route of nextStep', () => {
  it.each([
    ['mobile_verification', '/login'],
    ['email_verification', '/add-email'],
    ['pan_verification', '/verify-pan'],
    ['aadhaar_verification', '/kyc-verification'],
    ['pan_image_upload', '/pan-image-upload'],
    ['personal_details', '/personal-details'],
    ['bank_details', '/link-bank-account'],
    ['liveliness_detection', '/verify-image'],
    ['declaration', '/sign-onboarding-form'],
    ['signature', '/sign-onboarding-form'],
    ['nominee', '/add-nominee'],
    ['income_proof', '/add-income-details'],
    ['aadhaar_e_sign_documents', '/aadhaar-esign'],
    ['modification', '/modification'],
    ['user_setup', '/completed'],
    ['completed', '/completed'],
    ['e_sign_completed', '/completed'],
    ['verification_pending', '/completed'],
    ['verified', '/completed'],
    ['re_verification', '/completed'],
    ['no_such_step', '/completed'],
    [null, '/'],
    [undefined, '/'],
    ['', '/'],
  ])('nextStep %s → %s', (nextStep, route) => {
    expect(continueRoute(flow, nextStep)).toBe(route);
  });
});

describe('journey order from the steps array', () => {
  it('is the spec order of section 4, ending with verification_pending', () => {
    expect(journey(flow)).toEqual([
      'mobile_verification', 'email_verification', 'pan_verification', 'aadhaar_verification',
      'pan_image_upload', 'personal_details', 'bank_details', 'liveliness_detection', 'declaration',
      'signature', 'nominee', 'income_proof', 'aadhaar_e_sign_documents', 'verification_pending',
    ]);
  });

  it.each([
    ['mobile_verification', 'email_verification'],
    ['pan_verification', 'aadhaar_verification'],
    ['personal_details', 'bank_details'],
    ['signature', 'nominee'],
    ['aadhaar_e_sign_documents', 'verification_pending'],
    ['verification_pending', undefined],
    ['modification', undefined],
  ])('after %s comes %s', (step, next) => {
    expect(stepAfter(flow, step)).toBe(next);
  });

  it.each([
    ['email_verification', 'mobile_verification'],
    ['mobile_verification', undefined],
    ['verified', undefined],
  ])('before %s comes %s', (step, previous) => {
    expect(stepBefore(flow, step)).toBe(previous);
  });

  it('follows a reordered config with no code change', () => {
    const swapped = swapSteps(flow, 'email_verification', 'pan_verification');
    expect(stepAfter(swapped, 'mobile_verification')).toBe('pan_verification');
    expect(stepAfter(swapped, 'pan_verification')).toBe('email_verification');
    expect(hasReached(swapped, 'pan_verification', 'email_verification')).toBe(false);
    expect(hasReached(flow, 'pan_verification', 'email_verification')).toBe(true);
  });
});

describe('step order enforcement: hasReached(nextStep, step)', () => {
  it.each([
    ['email_verification', 'email_verification', true],
    ['pan_verification', 'email_verification', true],
    ['email_verification', 'pan_verification', false],
    ['mobile_verification', 'email_verification', false],
    ['bank_details', 'nominee', false],
    ['verification_pending', 'nominee', true],
    ['completed', 'nominee', true],
    [null, 'email_verification', false],
    ['email_verification', 'verified', false],
  ])('next %s, submit %s → %s', (nextStep, step, allowed) => {
    expect(hasReached(flow, nextStep, step)).toBe(allowed);
  });
});
