import { describe, expect, it } from 'vitest';
import { progress } from '../../src/engine/progress';
import { addFatcaStep, fatcaStepId } from '../fixtures/fatca-step';
import { realFlow } from '../fixtures/flow-config';

const flow = realFlow();

describe('progress (spec 4): position/14 as a percent, 13 named groups', () => {
  it('has 13 named groups over 14 counted statuses', () => {
    expect(flow.progress.groups).toHaveLength(13);
    expect(progress(flow, 'mobile_verification').total).toBe(14);
  });

  it.each([
    ['mobile_verification', 0, 0, 'Mobile Verification'],
    ['email_verification', 1, 7, 'Email Verification'],
    ['pan_verification', 2, 14, 'PAN Verification'],
    ['aadhaar_verification', 3, 21, 'KYC Verification'],
    ['pan_image_upload', 4, 29, 'PAN Verification'],
    ['personal_details', 5, 36, 'Personal Details'],
    ['bank_details', 6, 43, 'Bank Details'],
    ['liveliness_detection', 7, 50, 'Liveness Check'],
    ['declaration', 8, 57, 'Declaration & Consent'],
    ['signature', 9, 64, 'Declaration & Consent'],
    ['nominee', 10, 71, 'Nominee Details'],
    ['income_proof', 11, 79, 'Income Proof'],
    ['aadhaar_e_sign_documents', 12, 86, 'Aadhaar eSign'],
    ['verification_pending', 13, 93, 'Verification'],
    ['verified', 14, 100, 'Verification'],
    ['completed', 14, 100, 'Account Setup'],
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

describe('progress with a step added by config alone (the FATCA example of flow-config/README.md)', () => {
  const withFatca = addFatcaStep(flow);

  it('counts the new step and names its group', () => {
    expect(progress(withFatca, fatcaStepId)).toMatchObject({ done: 6, total: 15, percent: 40, groupLabel: 'Tax Residency' });
    expect(withFatca.progress.groups).toHaveLength(14);
  });

  it('moves the steps after it one place on', () => {
    expect(progress(withFatca, 'bank_details')).toMatchObject({ done: 7, total: 15, groupLabel: 'Bank Details' });
    expect(progress(withFatca, 'personal_details')).toMatchObject({ done: 5, total: 15 });
  });
});
