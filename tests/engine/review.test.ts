import { describe, expect, it } from 'vitest';
import { fillEmail, planDecision, planRekyc, reviewConfigProblems } from '../../src/engine/review';
import { realFlow } from '../fixtures/flow-config';

const flow = realFlow();

describe('planDecision (rules from flow.json review)', () => {
  it.each([
    ['approve', 'verification_pending', 'verified'],
    ['approve', 'e_sign_completed', 'verified'],
    ['approve', 're_verification', 'verified'],
    ['reverify', 'verification_pending', 're_verification'],
    ['setup', 'verified', 'user_setup'],
    ['complete', 'user_setup', 'completed'],
  ])('%s from %s → %s', (action, from, to) => {
    expect(planDecision(flow, from, { action })).toEqual({ ok: true, value: { action, from, to, rejectedSteps: {} } });
  });

  it('reject → modification with { step: { reason } }, reasons trimmed', () => {
    const plan = planDecision(flow, 'verification_pending', { action: 'reject', rejectedSteps: { signature: ' Blurred ', income_proof: 'Old' } });
    expect(plan).toEqual({
      ok: true,
      value: { action: 'reject', from: 'verification_pending', to: 'modification', rejectedSteps: { signature: { reason: 'Blurred' }, income_proof: { reason: 'Old' } } },
    });
  });

  it.each([
    ['approve', null],
    ['approve', 'mobile_verification'],
    ['setup', 'user_setup'],
    ['complete', 'verification_pending'],
    ['reverify', 'verified'],
  ])('%s from %s: a conflict', (action, from) => {
    expect(planDecision(flow, from, { action })).toMatchObject({ ok: false, kind: 'conflict' });
  });

  it('checks the request before the status: a bad reject is invalid wherever the applicant is', () => {
    expect(planDecision(flow, 'bank_details', { action: 'reject', rejectedSteps: { nope: 'x' } })).toEqual({ ok: false, kind: 'invalid', message: "unknown step 'nope'" });
  });
});

describe('planRekyc', () => {
  it('only once the account is approved', () => {
    expect(planRekyc(flow, 'completed')).toEqual({ ok: true, value: 'completed' });
    expect(planRekyc(flow, 'verification_pending')).toMatchObject({ ok: false, kind: 'conflict' });
    expect(planRekyc(flow, null)).toMatchObject({ ok: false, kind: 'conflict' });
  });
});

describe('fillEmail', () => {
  it('fills known placeholders, leaves unknown ones', () => {
    expect(fillEmail({ subject: 'Hi {name}', text: '{steps} / {other} / {constructor}' }, { name: 'A', steps: '- x' })).toEqual({
      subject: 'Hi A',
      text: '- x / {other} / {constructor}',
    });
  });
});

describe('reviewConfigProblems', () => {
  it('none for the repository flow', () => {
    expect(reviewConfigProblems(flow)).toEqual([]);
  });

  it('refuses a rejectable step that nothing can fix: the applicant would be stuck in modification', () => {
    const stuck = realFlow();
    const modification = stuck.steps.find((step) => step.id === 'modification')!;
    modification.api = modification.api!.filter((entry) => typeof entry === 'string' || entry.fixes !== 'liveliness_detection');
    expect(reviewConfigProblems(stuck)).toEqual([
      "flow-config/flow.json: review.rejectable: no API route fixes 'liveliness_detection' (add one with \"fixes\" to the modification step)",
    ]);
  });

  it('names every broken reference', () => {
    const broken = realFlow();
    broken.review.decisions.approve.to = 'verifed';
    broken.review.decisions.setup.from = ['verifed'];
    broken.review.rejectable = ['personal_details', 'verified', 'pan_photo'];
    broken.review.rekyc.from = ['done'];
    broken.review.decisions.reject.email.text = 'Please fix your application.';
    broken.review.rekyc.email.text = 'Update your income.';
    expect(reviewConfigProblems(broken)).toEqual([
      "flow-config/flow.json: review.decisions.approve.to names unknown step 'verifed'",
      "flow-config/flow.json: review.decisions.setup.from names unknown step 'verifed'",
      "flow-config/flow.json: review.rejectable: 'verified' is not a journey step",
      "flow-config/flow.json: review.rejectable: no API route fixes 'verified' (add one with \"fixes\" to the modification step)",
      "flow-config/flow.json: review.rejectable names unknown step 'pan_photo'",
      "flow-config/flow.json: review.rejectable: no API route fixes 'pan_photo' (add one with \"fixes\" to the modification step)",
      "flow-config/flow.json: review.rekyc.from names unknown step 'done'",
      'flow-config/flow.json: review.decisions.reject.email.text must contain {steps}',
      'flow-config/flow.json: review.rekyc.email.text must contain {link}',
    ]);
  });
});
