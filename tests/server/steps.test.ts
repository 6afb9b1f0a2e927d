import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config/load-config';
import { pointersAfter, pointersBefore } from '../../server/services/steps';

const { flow } = loadConfig();

describe('pointersAfter (completeStep)', () => {
  it.each([
    ['mobile_verification', { currentStep: null, nextStep: 'mobile_verification' }, { currentStep: 'mobile_verification', nextStep: 'email_verification' }],
    ['email_verification', { currentStep: 'mobile_verification', nextStep: 'email_verification' }, { currentStep: 'email_verification', nextStep: 'pan_verification' }],
    ['aadhaar_e_sign_documents', { currentStep: 'income_proof', nextStep: 'aadhaar_e_sign_documents' }, { currentStep: 'aadhaar_e_sign_documents', nextStep: 'verification_pending' }],
  ])('completing %s advances along the journey', (step, before, after) => {
    expect(pointersAfter(flow, before, step)).toEqual(after);
  });

  it.each([
    ['a step already done', 'mobile_verification', 'pan_verification'],
    ['a step not yet reached', 'pan_verification', 'email_verification'],
    ['the status after the journey', 'verification_pending', 'verification_pending'],
  ])('changes nothing for %s', (_label, step, nextStep) => {
    expect(pointersAfter(flow, { currentStep: null, nextStep }, step)).toBeNull();
  });
});

describe('pointersBefore (set-previous)', () => {
  it.each([
    ['pan_verification', { currentStep: 'mobile_verification', nextStep: 'email_verification' }],
    ['aadhaar_verification', { currentStep: 'email_verification', nextStep: 'pan_verification' }],
    ['aadhaar_e_sign_documents', { currentStep: 'nominee', nextStep: 'income_proof' }],
  ])('from %s goes one journey step back', (nextStep, expected) => {
    expect(pointersBefore(flow, { currentStep: null, nextStep })).toEqual(expected);
  });

  it.each([['email_verification'], ['mobile_verification'], ['verified'], ['modification']])(
    'from %s stays put (never before the second journey step, never off the journey)',
    (nextStep) => {
      expect(pointersBefore(flow, { currentStep: null, nextStep })).toBeNull();
    },
  );

  // Every status flow.json does not mark as a journey step, the one after the journey first: a submitted application stays closed.
  const laterStatuses = flow.steps.filter((step) => !step.journey).map((step) => step.id);
  it.each(laterStatuses)('from %s (past the journey) stays put', (nextStep) => {
    expect(laterStatuses).toContain(flow.afterJourney);
    expect(pointersBefore(flow, { currentStep: null, nextStep })).toBeNull();
  });
});
