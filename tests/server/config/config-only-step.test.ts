import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepSavedResponse, UserResponse } from '../../../core/api/types';
import { stepAfter } from '../../../core/engine/flow';
import type { FlowConfig } from '../../../core/engine/flow-types';
import { loadConfig } from '../../../server/config/load-config';
import { tempConfigDir } from '../../fixtures/flow-config';
import { addHindiWords } from '../../fixtures/language-edits';
import { readmeStepAfter, readmeStepId, shipsReadmeStep, withReadmeStep } from '../../fixtures/readme-step';
import { auth, get, type TestApp, startTestApp } from '../helpers';
import { applicantAt, expectError, send, tempStepSchemas, validPersonalDetails } from '../step-fixtures';

/**
 * What the issue asks of the engine: a new form step, or a new question, by config alone. The example step of
 * flow-config/README.md and an extra personal-details question, each on temporary copies of the config.
 */

const stepUrl = `/api/user/step/${readmeStepId}`;
const answers = { hasOtherDematAccount: true, otherBroker: 'Example Securities' };

describe.skipIf(shipsReadmeStep())('the README example step added by config only (schema, page, flow.json)', () => {
  let t: TestApp;
  let dirs: string[];
  let flow: FlowConfig;
  beforeAll(async () => {
    const { configDir, stepSchemasDir } = withReadmeStep();
    dirs = [dirname(configDir), dirname(dirname(stepSchemasDir))];
    flow = loadConfig(configDir, { stepSchemasDir }).flow;
    t = await startTestApp({ configDir, stepSchemasDir });
  });
  afterAll(async () => {
    await t.close();
    dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  });

  it('comes right after the step the README names, is saved by the generic route and returned by GET /api/user', async () => {
    const who = await applicantAt(t, readmeStepAfter);
    const before = await send<StepSavedResponse>(t, who, `/api/user/step/${readmeStepAfter}`, { taxResidentOutsideIndia: false, placeOfBirth: 'Mumbai', countryOfBirth: 'India' });
    expect(before.body.user).toMatchObject({ nextStep: readmeStepId, hasOtherDematAccount: null, otherBroker: null });
    const saved = await send<StepSavedResponse>(t, who, stepUrl, { ...answers, otherBroker: '  Example Securities ' });
    expect(saved.status).toBe(200);
    expect(saved.body.user).toMatchObject({ currentStep: readmeStepId, nextStep: stepAfter(flow, readmeStepId), ...answers });
    const me = await get(t.app, '/api/user', auth(who.token));
    expect(me.json<UserResponse>().user).toMatchObject(answers);
  });

  it('validates with the schema and its messages', async () => {
    const who = await applicantAt(t, readmeStepId);
    expectError(await send(t, who, stepUrl, { otherBroker: 'Example Securities' }), 400, 'Tell us whether you hold a demat account with another broker');
    expectError(await send(t, who, stepUrl, { ...answers, otherBroker: 'B0ker' }), 400, "Enter the broker's name");
    expectError(await send(t, who, stepUrl, { ...answers, extra: 1 }), 400, "body has an unknown property 'extra'");
  });

  it('is refused out of order, and after the journey', async () => {
    expectError(await send(t, await applicantAt(t, readmeStepAfter), stepUrl, answers), 400, 'please complete previous steps');
    expectError(await send(t, await applicantAt(t, 'verification_pending'), stepUrl, answers), 400, 'please complete previous steps');
  });

  it('the generic route saves only steps declared for it', async () => {
    const who = await applicantAt(t, 'bank_details');
    expectError(await send(t, who, '/api/user/step/personal_details', validPersonalDetails), 404, 'Not Found');
    expectError(await send(t, who, '/api/user/step/no_such_step', {}), 404, 'Not Found');
  });
});

describe('a question added to personal details', () => {
  let t: TestApp;
  let dir: string;
  let configDir: string;
  beforeAll(async () => {
    dir = tempStepSchemas((schemas) => {
      const personal = schemas['personal-details'] as { properties: Record<string, unknown> };
      personal.properties.nationality = { type: 'string', title: 'Nationality', minLength: 2, maxLength: 30, errorMessage: 'Enter your nationality' };
    });
    configDir = tempConfigDir((flow) => flow);
    addHindiWords(configDir, 'step-data/personal-details.schema.json', { properties: { nationality: { title: 'राष्ट्रीयता', errorMessage: 'अपनी राष्ट्रीयता दर्ज करें' } } });
    t = await startTestApp({ stepSchemasDir: dir, configDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dirname(dirname(dir)), { recursive: true, force: true });
    rmSync(dirname(configDir), { recursive: true, force: true });
  });

  it('is stored and returned by GET /api/user, with no migration', async () => {
    const who = await applicantAt(t, 'personal_details');
    const saved = await send<StepSavedResponse>(t, who, '/api/user/personal-details', { ...validPersonalDetails, nationality: 'Indian' });
    expect(saved.status).toBe(200);
    const me = await get(t.app, '/api/user', auth(who.token));
    expect(me.json<UserResponse>().user).toMatchObject({ nationality: 'Indian', gender: validPersonalDetails.gender });
  });
});
