import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PanCheckResponse, StepSavedResponse } from '../../../core/api/types';
import { type ConfigCopy, configProblems, copyConfig } from '../../fixtures/config-edits';
import { type TestApp, startTestApp } from '../helpers';
import { withDb } from '../stored-records';
import { applicantAtPan, expectError, send } from '../step-fixtures';

/** flow.json `kra` edited by product: what each KRA status does follows the config, with no code change. */

const dob = '15/08/1990';

function editKra(copy: ConfigCopy, kra: Record<string, unknown>): void {
  const file = join(copy.configDir, 'flow.json');
  const flow = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  flow.kra = kra;
  writeFileSync(file, JSON.stringify(flow));
}

describe('a product edit of flow.json kra', () => {
  const copy = copyConfig();
  let t: TestApp;
  beforeAll(async () => {
    editKra(copy, {
      validated: { outcome: 'confirm', skips: ['aadhaar_verification'] },
      registered: { outcome: 'confirm' },
      on_hold: { outcome: 'refuse', message: 'pan.kraOnHold' },
      rejected: { outcome: 'refuse', message: 'pan.notInKra' },
      not_found: { outcome: 'freshKyc' },
    });
    t = await startTestApp({ configDir: copy.configDir, stepSchemasDir: copy.stepSchemasDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(copy.root, { recursive: true, force: true });
  });

  it('validated makes the DigiLocker KYC unnecessary: confirming completes it too, its document saying why', async () => {
    const who = await applicantAtPan(t);
    expect((await send<PanCheckResponse>(t, who, '/api/user/pan-number', { pan: 'ABCPS7777F', dateOfBirth: dob })).body.confirm).toBe(true);
    const { body } = await send<StepSavedResponse>(t, who, '/api/user/confirm-pan', {});
    expect(body.user).toMatchObject({ currentStep: 'aadhaar_verification', nextStep: 'pan_image_upload', kraStatus: 'validated' });
    const stored = await withDb(t, (db) => db.selectFrom('step_data').select('data').where('step_id', '=', 'aadhaar_verification').execute());
    expect(stored.map((row) => JSON.parse(row.data) as unknown)).toContainEqual({ skippedFor: 'kra:validated' });
  });

  it('registered now asks for confirmation too; rejected is refused; not found takes the fresh-KYC way', async () => {
    const who = await applicantAtPan(t);
    expect((await send<PanCheckResponse>(t, who, '/api/user/pan-number', { pan: 'ABCPS1234F', dateOfBirth: dob })).body).toMatchObject({ kraStatus: 'registered', confirm: true });
    expectError(await send(t, who, '/api/user/pan-number', { pan: 'ABCPS4444F', dateOfBirth: dob }), 400, 'PAN not found in KRA records');
    const fresh = await send<PanCheckResponse>(t, who, '/api/user/pan-number', { pan: 'ABCPS0000F', dateOfBirth: dob });
    expect(fresh.body).toEqual({ pan: 'ABCPS0000F', dateOfBirth: dob, name: '', kraStatus: 'not_found', confirm: false });
    expect((await send<StepSavedResponse>(t, who, '/api/user/confirm-pan', {})).body.user).toMatchObject({ kraStatus: 'not_found', nextStep: 'aadhaar_verification' });
  });
});

describe('check:config on flow.json kra', () => {
  const roots: string[] = [];
  afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));
  const problemsWith = (kra: Record<string, unknown>) => {
    const copy = copyConfig();
    roots.push(copy.root);
    editKra(copy, kra);
    return configProblems(copy);
  };

  it.each([
    [{ on_hold: { outcome: 'refuse' } }, 'flow-config/flow.json: kra.on_hold: a refusal needs its message'],
    [{ registered: { outcome: 'continue', message: 'pan.kraOnHold' } }, 'flow-config/flow.json: kra.registered: only a refusal has a message'],
    [{ on_hold: { outcome: 'refuse', message: 'pan.noSuchText' } }, "flow-config/flow.json: kra: 'pan.noSuchText' is not a text of flow-config/messages.json"],
    [{ validated: { outcome: 'confirm', skips: ['personal_details'] } }, "flow-config/flow.json: kra.validated.skips/0: 'personal_details' is not the journey step 1 after pan_verification (aadhaar_verification)"],
    [{ validated: { outcome: 'skip' } }, 'flow-config/flow.json: /kra/validated/outcome must be equal to one of the allowed values'],
  ])('%j: %s', (kra, problem) => {
    expect(problemsWith(kra)).toContain(problem);
  });
});
