import { describe, expect, it } from 'vitest';
import { fillEmail, planDecision, planRekyc, reviewConfigProblems } from '../../core/engine/review';
import { miniFlow } from '../fixtures/mini-flow';

// The rules on a flow of the tests' own, so the repository's review config may change freely.
const flow = miniFlow();

describe('planDecision (rules from flow.json review)', () => {
  it.each([
    ['approve', 'in_review', 'approved'],
    ['approve', 'recheck', 'approved'],
    ['reverify', 'in_review', 'recheck'],
    ['setup', 'approved', 'setting_up'],
    ['complete', 'setting_up', 'open'],
  ])('%s from %s → %s', (action, from, to) => {
    expect(planDecision(flow, from, { action })).toEqual({ ok: true, value: { action, from, to, rejectedSteps: {} } });
  });

  it('reject → its status with { step: { reason } }, reasons trimmed', () => {
    const plan = planDecision(flow, 'in_review', { action: 'reject', rejectedSteps: { selfie: ' Blurred ', photo: 'Old' } });
    expect(plan).toEqual({
      ok: true,
      value: { action: 'reject', from: 'in_review', to: 'fixing', rejectedSteps: { selfie: { reason: 'Blurred' }, photo: { reason: 'Old' } } },
    });
  });

  it.each([
    ['approve', null],
    ['approve', 'sign_in'],
    ['setup', 'setting_up'],
    ['complete', 'in_review'],
    ['reverify', 'approved'],
  ])('%s from %s: a conflict', (action, from) => {
    expect(planDecision(flow, from, { action })).toMatchObject({ ok: false, kind: 'conflict' });
  });

  it('checks the request before the status: a bad reject is invalid wherever the applicant is', () => {
    expect(planDecision(flow, 'photo', { action: 'reject', rejectedSteps: { nope: 'x' } })).toEqual({ ok: false, kind: 'invalid', message: "unknown step 'nope'" });
  });
});

describe('planRekyc', () => {
  it('only once the account is approved', () => {
    expect(planRekyc(flow, 'open')).toEqual({ ok: true, value: 'open' });
    expect(planRekyc(flow, 'in_review')).toMatchObject({ ok: false, kind: 'conflict' });
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
  it('none for a flow whose every rejectable step has a fix', () => {
    expect(reviewConfigProblems(flow)).toEqual([]);
  });

  it('refuses a rejectable step that nothing can fix: the applicant would be stuck in modification', () => {
    const stuck = miniFlow();
    const fixing = stuck.steps.find((step) => step.id === 'fixing')!;
    fixing.api = fixing.api!.filter((entry) => typeof entry === 'string' || entry.fixes !== 'selfie');
    expect(reviewConfigProblems(stuck)).toEqual([
      "flow-config/flow.json: review.rejectable: no API route fixes 'selfie' (add one with \"fixes\" to the modification step)",
    ]);
  });

  it('names every broken reference', () => {
    const broken = miniFlow();
    broken.review.decisions.approve.to = 'aproved';
    broken.review.decisions.setup.from = ['aproved'];
    broken.review.rejectable = ['photo', 'approved', 'pan_photo'];
    broken.review.rekyc.from = ['done'];
    broken.review.decisions.reject.email.text = 'Please fix your application.';
    broken.review.rekyc.email.text = 'Update your income.';
    expect(reviewConfigProblems(broken)).toEqual([
      "flow-config/flow.json: review.decisions.approve.to names unknown step 'aproved'",
      "flow-config/flow.json: review.decisions.setup.from names unknown step 'aproved'",
      "flow-config/flow.json: review.rejectable: 'approved' is not a journey step",
      "flow-config/flow.json: review.rejectable: no API route fixes 'approved' (add one with \"fixes\" to the modification step)",
      "flow-config/flow.json: review.rejectable names unknown step 'pan_photo'",
      "flow-config/flow.json: review.rejectable: no API route fixes 'pan_photo' (add one with \"fixes\" to the modification step)",
      "flow-config/flow.json: review.rekyc.from names unknown step 'done'",
      'flow-config/flow.json: review.decisions.reject.email.text must contain {steps}',
      'flow-config/flow.json: review.rekyc.email.text must contain {link}',
    ]);
  });
});
