import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsApplicationResponse } from '../../../core/api/types';
import type { TestApp } from '../helpers';
import { declaration } from '../nominee-payloads';
import { opsCall, startOpsApp, userOf } from '../ops-fixtures';
import { applicantAt, send } from '../step-fixtures';

/** The reviewer reads each declaration as the statement the applicant ticked (issue 32: they read inverted). */

let t: TestApp;
beforeAll(async () => {
  t = await startOpsApp();
});
afterAll(() => t.close());

describe('declarations in the back office', () => {
  it('a clean applicant reads Yes to each statement they ticked (nri, regulatory action and PEP stored false)', async () => {
    const who = await applicantAt(t, 'declaration');
    expect((await send(t, who, '/api/user/declaration', declaration)).status).toBe(200);
    const { id } = await userOf(t, who);
    const { body } = await opsCall<OpsApplicationResponse>(t, 'GET', `/api/ops/applications/${id}`);
    const step = body.application.answers.find((answers) => answers.step === 'declaration');
    const read = Object.fromEntries(step?.answers.map(({ label, value }) => [label, value]) ?? []);
    expect(read).toMatchObject({
      'I am an Indian citizen': 'Yes',
      'No regulatory action has been taken against me in the last 3 years': 'Yes',
      'I am not a politically exposed person (PEP) or related to one': 'Yes',
    });
  });

  it('a declared regulatory action reads No beside the statement, with the applicant\'s own reason', async () => {
    const who = await applicantAt(t, 'declaration');
    const reason = 'SEBI order of 2024 against a firm I once directed';
    expect((await send(t, who, '/api/user/declaration', { ...declaration, regulatoryActions: true, regulatoryActionsReason: reason })).status).toBe(200);
    const { id } = await userOf(t, who);
    const { body } = await opsCall<OpsApplicationResponse>(t, 'GET', `/api/ops/applications/${id}`);
    const read = Object.fromEntries(body.application.answers.find((answers) => answers.step === 'declaration')?.answers.map(({ label, value }) => [label, value]) ?? []);
    expect(read['No regulatory action has been taken against me in the last 3 years']).toBe('No');
    expect(Object.values(read)).toContain(reason);
  });
});
