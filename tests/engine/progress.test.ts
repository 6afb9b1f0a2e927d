import { describe, expect, it } from 'vitest';
import { progress } from '../../src/engine/progress';
import { addReadmeStep, readmeStepId } from '../fixtures/readme-step';
import { realFlow } from '../fixtures/flow-config';

const flow = realFlow();

describe('progress (spec 4, with the tax residency step): position/15 as a percent, 13 named groups', () => {
  it('has 13 named groups over 15 counted statuses', () => {
    expect(flow.progress.groups).toHaveLength(13);
    expect(progress(flow, 'mobile_verification').total).toBe(15);
  });

  it.each([
    ['mobile_verification', 0, 0, 'Mobile Verification'],
    ['email_verification', 1, 7, 'Email Verification'],
    ['pan_verification', 2, 13, 'PAN Verification'],
    ['aadhaar_verification', 3, 20, 'KYC Verification'],
    ['pan_image_upload', 4, 27, 'PAN Verification'],
    ['personal_details', 5, 33, 'Personal Details'],
    ['tax_residency', 6, 40, 'Personal Details'],
    ['bank_details', 7, 47, 'Bank Details'],
    ['liveliness_detection', 8, 53, 'Liveliness Check'],
    ['declaration', 9, 60, 'Declaration & Consent'],
    ['signature', 10, 67, 'Declaration & Consent'],
    ['nominee', 11, 73, 'Nominee Details'],
    ['income_proof', 12, 80, 'Income Proof'],
    ['aadhaar_e_sign_documents', 13, 87, 'Aadhaar eSign'],
    ['verification_pending', 14, 93, 'Verification'],
    ['verified', 15, 100, 'Verification'],
    ['completed', 15, 100, 'Account Setup'],
  ])('next step %s: %i done, %i%%, group %s', (step, done, percent, group) => {
    const figures = progress(flow, step);
    expect(figures.done).toBe(done);
    expect(figures.percent).toBe(percent);
    expect(figures.groupLabel).toBe(group);
  });

  it('starts at zero with no next step', () => {
    expect(progress(flow, null)).toMatchObject({ done: 0, percent: 0, groupIndex: -1 });
  });
});

describe('progress with a step added by config alone (the example of flow-config/README.md)', () => {
  const withStep = addReadmeStep(flow);

  it('counts the new step and names its group', () => {
    expect(progress(withStep, readmeStepId)).toMatchObject({ done: 7, total: 16, percent: 44, groupLabel: 'Other Accounts' });
    expect(withStep.progress.groups).toHaveLength(14);
  });

  it('moves the steps after it one place on', () => {
    expect(progress(withStep, 'bank_details')).toMatchObject({ done: 8, total: 16, groupLabel: 'Bank Details' });
    expect(progress(withStep, 'personal_details')).toMatchObject({ done: 5, total: 16 });
  });
});
