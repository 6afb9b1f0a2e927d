import { describe, expect, it } from 'vitest';
import { continueRoute, journey, stepAfter, stepBefore } from '../../src/engine/flow';
import { apiBindings, bindingNow, bodySchemaOf, fixRoutes, stepOpen } from '../../src/engine/step-api';
import { stepDeclarationProblems } from '../../src/engine/step-check';
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
  it('is the spec order of section 4, with tax residency after personal details (issue 21), ending with verification_pending', () => {
    expect(journey(flow)).toEqual([
      'mobile_verification', 'email_verification', 'pan_verification', 'aadhaar_verification',
      'pan_image_upload', 'personal_details', 'tax_residency', 'bank_details', 'liveliness_detection', 'declaration',
      'signature', 'nominee', 'income_proof', 'aadhaar_e_sign_documents', 'verification_pending',
    ]);
  });

  it.each([
    ['mobile_verification', 'email_verification'],
    ['pan_verification', 'aadhaar_verification'],
    ['personal_details', 'tax_residency'],
    ['tax_residency', 'bank_details'],
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
    expect(stepOpen(swapped, 'pan_verification', { step: 'email_verification', closedWhenDone: false })).toBe(false);
    expect(stepOpen(flow, 'pan_verification', { step: 'email_verification', closedWhenDone: false })).toBe(true);
  });
});

describe('step order enforcement: stepOpen(nextStep, step)', () => {
  it.each([
    ['email_verification', 'email_verification', true],
    ['pan_verification', 'email_verification', true],
    ['email_verification', 'pan_verification', false],
    ['mobile_verification', 'email_verification', false],
    ['bank_details', 'nominee', false],
    ['nominee', 'bank_details', true],
    // After the journey every journey step is closed: the application is with the back office.
    ['verification_pending', 'nominee', false],
    ['completed', 'nominee', false],
    [null, 'email_verification', false],
    ['email_verification', 'verified', false],
    ['modification', 'modification', true],
    ['verification_pending', 'modification', false],
  ])('next %s, submit %s → %s', (nextStep, step, allowed) => {
    expect(stepOpen(flow, nextStep, { step, closedWhenDone: false })).toBe(allowed);
  });

  it('a step closed once done (PAN) is open only while it is next', () => {
    const pan = apiBindings(flow).get('POST /user/pan-number')!;
    expect(pan).toEqual({ step: 'pan_verification', closedWhenDone: true });
    expect(stepOpen(flow, 'pan_verification', pan)).toBe(true);
    expect(stepOpen(flow, 'personal_details', pan)).toBe(false);
  });

  it('binds each declared route to its step, with the rejected step a fix route fixes', () => {
    expect(apiBindings(flow).get('POST /user/modification/details')).toEqual({ step: 'modification', fixes: ['personal_details'], closedWhenDone: false });
    expect(apiBindings(flow).get('POST /user/verify-email')).toEqual({ step: 'email_verification', closedWhenDone: false });
  });

  it("opens a step's own route to the status that reuses it as a fix, only while that step is rejected", () => {
    const selfie = apiBindings(flow).get('POST /user/verify-workflow/selfie')!;
    expect(selfie).toMatchObject({ step: 'liveliness_detection', fixedBy: { step: 'modification', fixes: ['liveliness_detection'] } });
    expect(bindingNow(flow, 'liveliness_detection', [], selfie)).toBe(selfie);
    expect(bindingNow(flow, 'modification', ['liveliness_detection'], selfie)).toEqual(selfie.fixedBy);
    expect(bindingNow(flow, 'modification', ['signature'], selfie)).toBeUndefined();
    expect(bindingNow(flow, 'verification_pending', ['liveliness_detection'], selfie)).toBeUndefined();
    expect(fixRoutes(flow, 'modification', ['liveliness_detection', 'pan_image_upload'])).toEqual(['/verify-image']);
  });

  it('config check: a second step may declare a route only to fix the owner step', () => {
    const reused = structuredClone(flow);
    const modification = reused.steps.find((step) => step.id === 'modification')!;
    modification.api = [...(modification.api ?? []), { route: 'POST /user/pan-number', fixes: 'personal_details' }, 'POST /user/add-email'];
    const problems = stepDeclarationProblems(reused, {}, []).filter((problem) => problem.includes('also bound'));
    expect(problems).toEqual([
      expect.stringContaining("route 'POST /user/pan-number' is also bound to step 'pan_verification'"),
      expect.stringContaining("route 'POST /user/add-email' is also bound to step 'email_verification'"),
    ]);
    expect(stepDeclarationProblems(flow, {}, []).filter((problem) => problem.includes('also bound'))).toEqual([]);
  });

  it('a route names its body schema in flow.json, so no route file names one; an unknown one is refused', () => {
    expect(bodySchemaOf(flow, 'POST /user/declaration')).toBe('declaration');
    expect(bodySchemaOf(flow, 'POST /user/modification/details')).toBe('modification-details');
    expect(() => bodySchemaOf(flow, 'POST /user/confirm-pan')).toThrow(`flow-config/flow.json: no step declares a "body" schema for the route 'POST /user/confirm-pan'`);
    const renamed = structuredClone(flow);
    renamed.steps.find((step) => step.id === 'declaration')!.api = [{ route: 'POST /user/declaration', body: 'declarations' }];
    expect(stepDeclarationProblems(renamed, { declaration: {} }, []).filter((problem) => problem.includes("body schema 'declarations'"))).toEqual([
      "flow-config/flow.json: /steps/9 ('declaration'): route 'POST /user/declaration' has body schema 'declarations', which is not in schemas/step-data (known: declaration)",
    ]);
  });
});
