import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepSavedResponse } from '../../../core/api/types';
import { stepAfter } from '../../../core/engine/flow';
import type { FlowConfig } from '../../../core/engine/flow-types';
import { loadConfig } from '../../../server/config/load-config';
import { swapSteps, tempConfigDir } from '../../fixtures/flow-config';
import { addHindiWords } from '../../fixtures/language-edits';
import { schemaMessage } from '../../fixtures/schema-texts';
import { type TestApp, startTestApp } from '../helpers';
import { applicantAt, applicantAtPan, expectError, send, tempStepSchemas, validModification, validPersonalDetails, verifyAndConfirmPan } from '../step-fixtures';

/**
 * What compliance and product edit, the server follows with no code change: a temporary copy of
 * schemas/ with a new occupation and a new gender (each added once, to its list), a reworded PAN message and a reworded
 * father's-name message (written once, in personal details: modification refers to it), and a temporary flow-config
 * with aadhaar_verification and personal_details swapped.
 */

// Options the repository's lists do not have (flow-config/README.md's 'Homemaker' may be there already).
const newOccupation = 'Gig Worker';
const newGender = 'Transgender';
const newPanMessage = 'PAN must be 5 letters, 4 digits and 1 letter (e.g. ABCDE1234F)';
const newFatherMessage = "Please enter your father's name";

type Schema = Record<string, unknown> & { properties: Record<string, Record<string, unknown>> };

let schemasDir: string;
let configDir: string;
let swapped: FlowConfig;
let t: TestApp;
beforeAll(async () => {
  schemasDir = tempStepSchemas((schemas) => {
    const pan = schemas.pan as Schema;
    (pan.properties.pan as { errorMessage: string }).errorMessage = newPanMessage;
    const father = schemaMessage('personal-details', 'fatherName', 'required');
    schemas['personal-details'] = JSON.parse(JSON.stringify(schemas['personal-details']).replaceAll(father, newFatherMessage)) as Schema;
  }, (lists) => {
    const occupation = lists.occupation as { enum: string[] };
    occupation.enum = [...occupation.enum, newOccupation];
    const gender = lists.gender as { enum: string[] };
    gender.enum = [...gender.enum, newGender];
  });
  configDir = tempConfigDir((flow) => swapSteps(flow, 'aadhaar_verification', 'personal_details'));
  addHindiWords(configDir, 'lists/occupation.json', { labels: { [newOccupation]: 'गिग वर्कर' } });
  addHindiWords(configDir, 'lists/gender.json', { labels: { [newGender]: 'ट्रांसजेंडर' } });
  swapped = loadConfig(configDir, { stepSchemasDir: schemasDir }).flow;
  t = await startTestApp({ stepSchemasDir: schemasDir, configDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dirname(schemasDir), { recursive: true, force: true });
  rmSync(dirname(configDir), { recursive: true, force: true });
});

describe('the server follows edited schemas and flow order', () => {
  it('answers the changed message', async () => {
    const who = await applicantAtPan(t);
    expectError(await send(t, who, '/api/user/pan-number', { pan: 'ABC', dateOfBirth: '15/08/1990' }), 400, newPanMessage);
  });

  it("the reworded father's-name message reaches personal details and modification alike", async () => {
    const who = await applicantAt(t, 'personal_details');
    expectError(await send(t, who, '/api/user/personal-details', { ...validPersonalDetails, fatherName: '' }), 400, newFatherMessage);
    const { fatherName: _father, ...noFather } = validPersonalDetails;
    expectError(await send(t, who, '/api/user/personal-details', noFather), 400, newFatherMessage);
    const fixer = await applicantAt(t, 'modification', { personal_details: {} });
    expectError(await send(t, fixer, '/api/user/modification/details', { ...validModification, fatherName: ' ' }), 400, newFatherMessage);
    const { fatherName: _fix, ...fixNoFather } = validModification;
    expectError(await send(t, fixer, '/api/user/modification/details', fixNoFather), 400, newFatherMessage);
  });

  it('accepts the new option', async () => {
    const who = await applicantAt(t, 'personal_details');
    const { status, body } = await send<StepSavedResponse>(t, who, '/api/user/personal-details', { ...validPersonalDetails, occupation: newOccupation });
    expect(status).toBe(200);
    expect(body.user.occupation).toBe(newOccupation);
  });

  it('accepts the new options on modification too, the gender lowercase as modification sends it', async () => {
    const who = await applicantAt(t, 'modification', { personal_details: {} });
    const fix = { ...validModification, occupation: newOccupation, gender: newGender.toLowerCase() };
    const { status, body } = await send<StepSavedResponse>(t, who, '/api/user/modification/details', fix);
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ occupation: newOccupation, gender: 'transgender', rejectedSteps: {} });
  });

  it('enforces the new order: personal details right after PAN, then what followed KYC', async () => {
    const who = await applicantAtPan(t);
    const confirmed = await verifyAndConfirmPan(t, who, 'CFGPE1234K');
    expect(confirmed.user.nextStep).toBe('personal_details');
    const saved = await send<StepSavedResponse>(t, who, '/api/user/personal-details', validPersonalDetails);
    expect(saved.status).toBe(200);
    expect(saved.body.user.nextStep).toBe(stepAfter(swapped, 'personal_details'));
  });

  it('the repository config still refuses both, unchanged', async () => {
    const plain = await startTestApp();
    try {
      const who = await applicantAtPan(plain);
      expectError(await send(plain, who, '/api/user/pan-number', { pan: 'ABC', dateOfBirth: '15/08/1990' }), 400, schemaMessage('pan', 'pan'));
      await verifyAndConfirmPan(plain, who, 'CFGPE1234K');
      const body = { ...validPersonalDetails, occupation: newOccupation };
      expectError(await send(plain, who, '/api/user/personal-details', body), 400, schemaMessage('personal-details', 'occupation'));
      expectError(await send(plain, who, '/api/user/personal-details', validPersonalDetails), 400, 'please complete previous steps');
      const fixer = await applicantAt(plain, 'modification', { personal_details: {} });
      expectError(await send(plain, fixer, '/api/user/modification/details', { ...validModification, gender: 'transgender' }), 400, schemaMessage('modification-details', 'gender'));
    } finally {
      await plain.close();
    }
  });
});

describe('a broken schema file', () => {
  it('stops start-up naming the file', async () => {
    const broken = tempStepSchemas((schemas) => {
      (schemas.pan as Schema).$id = 'pan-v2';
    });
    try {
      await expect(startTestApp({ stepSchemasDir: broken })).rejects.toThrow(/pan\.schema\.json: "\$id" must be "pan"/);
    } finally {
      rmSync(dirname(broken), { recursive: true, force: true });
    }
  });
});

describe('a flow with no step on the login route', () => {
  it('stops start-up naming flow.json (sign-in completes the step on the login route), instead of failing the first sign-in', async () => {
    const configDir = tempConfigDir((flow) => ({
      ...flow,
      steps: flow.steps.map((step) => (step.id === 'mobile_verification' ? { ...step, routes: ['/verify-otp'] } : step)),
    }));
    try {
      await expect(startTestApp({ configDir })).rejects.toThrow("flow-config/flow.json: the first journey step 'mobile_verification' must include the login route /login");
    } finally {
      rmSync(dirname(configDir), { recursive: true, force: true });
    }
  });
});
