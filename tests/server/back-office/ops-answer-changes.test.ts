import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsApplication, OpsApplicationResponse } from '../../../core/api/types';
import { minutes, type TestApp } from '../helpers';
import { decide, opsCall, startOpsApp } from '../ops-fixtures';
import { fullApplicant, uploadParts } from '../ops-review-fixture';
import { send } from '../step-fixtures';
import { fixture } from '../income-proof-fixtures';

/**
 * Issue 32: after the applicant fixes a rejected step, the reviewer reads what changed since the last review, field
 * by field: the label the applicant saw, the answer as it was and as it is, in words (never a field id or wire value).
 */

let t: TestApp;
beforeAll(async () => {
  t = await startOpsApp();
});
afterAll(() => t.close());

async function application(id: string): Promise<OpsApplication> {
  const { status, body } = await opsCall<OpsApplicationResponse>(t, 'GET', `/api/ops/applications/${id}`);
  expect(status).toBe(200);
  return body.application;
}

/** The fixture's personal details as /modification sends them (options lowercase): nothing changed yet. */
const unchangedFix = {
  gender: 'male',
  maritalStatus: 'married',
  occupation: 'Private Sector',
  incomeSegment: '1-5 Lac',
  tradingExperience: 'Below 1 year',
  fatherName: 'Ramesh Kumar',
  motherName: 'Sita Devi',
};

const changesOf = (app: OpsApplication) => app.answers.filter((entry) => entry.changes).map(({ step, changes }) => ({ step, changes }));

describe('what changed since the last review, field by field', () => {
  it('a reject, then a fix with one changed answer: that answer alone, its label, the old and the new text', async () => {
    const who = await fullApplicant(t);
    t.clock.advance(minutes(10));
    expect((await decide(t, who.id, { action: 'reject', rejectedSteps: { personal_details: "Father's name does not match the PAN" } })).status).toBe(200);
    expect(changesOf(await application(who.id))).toEqual([]);

    t.clock.advance(minutes(30));
    expect((await send(t, who, '/api/user/modification/details', { ...unchangedFix, fatherName: 'Ramesh Kumar Rao' })).status).toBe(200);
    expect(changesOf(await application(who.id))).toEqual([
      { step: 'personal_details', changes: [{ field: 'fatherName', label: "Father's / Parent's Name", before: 'Ramesh Kumar', after: 'Ramesh Kumar Rao' }] },
    ]);
  });

  it('an option changed reads as the option texts the applicant saw; a second review starts afresh', async () => {
    const who = await fullApplicant(t);
    t.clock.advance(minutes(10));
    expect((await decide(t, who.id, { action: 'reject', rejectedSteps: { personal_details: 'Occupation' } })).status).toBe(200);
    t.clock.advance(minutes(30));
    expect((await send(t, who, '/api/user/modification/details', { ...unchangedFix, maritalStatus: 'unmarried', tradingExperience: 'More than 5 years' })).status).toBe(200);
    const fixed = await application(who.id);
    expect(changesOf(fixed)).toEqual([
      {
        step: 'personal_details',
        changes: [
          { field: 'maritalStatus', label: 'Marital Status', before: 'Married', after: 'Unmarried' },
          { field: 'tradingExperience', label: 'Trading Experience', before: 'Below 1 year', after: 'More than 5 years' },
        ],
      },
    ]);
    expect(JSON.stringify(changesOf(fixed))).not.toMatch(/"(unmarried|married)"/);

    t.clock.advance(minutes(10));
    expect((await decide(t, who.id, { action: 'reject', rejectedSteps: { personal_details: 'Again' } })).status).toBe(200);
    expect(changesOf(await application(who.id))).toEqual([]);
  });

  it('a re-uploaded document: both sides are documents the console names (never an id as words), the type in words', async () => {
    const who = await fullApplicant(t);
    t.clock.advance(minutes(10));
    expect((await decide(t, who.id, { action: 'reject', rejectedSteps: { income_proof: 'Old statement' } })).status).toBe(200);
    t.clock.advance(minutes(30));
    await uploadParts(t, who, '/api/user/modification/document', [
      { name: 'step', value: 'income_proof' },
      { name: 'document_type', value: 'salary_slip' },
      { name: 'data', filename: 'slip.pdf', contentType: 'application/pdf', data: Buffer.from(fixture('plain')) },
    ]);
    const fixed = await application(who.id);
    const changes = fixed.answers.find((entry) => entry.step === 'income_proof')?.changes ?? [];
    const documents = changes.filter((change) => change.document);
    expect(documents).toHaveLength(1);
    // Both are the application's documents, which the console names: the replaced one kept, answering no step now.
    const documentOf = (id: string | undefined) => fixed.documents.find((document) => document.id === id);
    expect(documentOf(documents[0]!.after)).toMatchObject({ step: 'income_proof', newSinceReview: true });
    expect(documentOf(documents[0]!.before)).toMatchObject({ step: null });
    const ids = new Set([documents[0]!.before, documents[0]!.after]);
    const worded = changes.filter((change) => !change.document);
    expect(worded).toEqual([
      { field: 'documentType', label: 'Document type', before: 'Bank Statement', after: 'Salary Slip' },
      { field: 'passwordProtected', label: 'This PDF is password protected', before: 'Yes', after: 'No' },
    ]);
    expect(worded.flatMap((change) => [change.before, change.after]).filter((value) => ids.has(value))).toEqual([]);
  });
});

