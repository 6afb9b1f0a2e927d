import { describe, expect, it } from 'vitest';
import { pointersAfter, pointersBefore } from '../../../server/steps/service';
import { miniFlow } from '../../fixtures/mini-flow';

// On a flow of the tests' own: the pointers follow whatever order flow.json gives.
const flow = miniFlow();

describe('pointersAfter (completeStep)', () => {
  it.each([
    ['sign_in', { currentStep: null, nextStep: 'sign_in' }, { currentStep: 'sign_in', nextStep: 'contact' }],
    ['contact', { currentStep: 'sign_in', nextStep: 'contact' }, { currentStep: 'contact', nextStep: 'identity' }],
    ['payment', { currentStep: 'selfie', nextStep: 'payment' }, { currentStep: 'payment', nextStep: 'in_review' }],
  ])('completing %s advances along the journey', (step, before, after) => {
    expect(pointersAfter(flow, before, step)).toEqual(after);
  });

  it.each([
    ['a step already done', 'sign_in', 'identity'],
    ['a step not yet reached', 'identity', 'contact'],
    ['the status after the journey', 'in_review', 'in_review'],
  ])('changes nothing for %s', (_label, step, nextStep) => {
    expect(pointersAfter(flow, { currentStep: null, nextStep }, step)).toBeNull();
  });
});

describe('pointersBefore (set-previous)', () => {
  it.each([
    ['identity', { currentStep: 'sign_in', nextStep: 'contact' }],
    ['photo', { currentStep: 'contact', nextStep: 'identity' }],
    ['payment', { currentStep: 'signature', nextStep: 'selfie' }],
  ])('from %s goes one journey step back', (nextStep, expected) => {
    expect(pointersBefore(flow, { currentStep: null, nextStep })).toEqual(expected);
  });

  it.each([['contact'], ['sign_in'], ['approved'], ['fixing']])(
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
