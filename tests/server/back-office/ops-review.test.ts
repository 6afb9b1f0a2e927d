import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsApplication, OpsApplicationList, OpsApplicationResponse, OpsStepAnswers } from '../../../core/api/types';
import { minutes, type TestApp } from '../helpers';
import { decide, opsCall, startOpsApp } from '../ops-fixtures';
import { type FullApplicant, fullApplicant } from '../ops-review-fixture';
import { send, validModification } from '../step-fixtures';

/**
 * Issue 32: the application page reads like a reviewer's tool: every answer under the label and option text the
 * applicant saw, times in India's DD/MM/YYYY and IST, each nominee's proof under that nominee, changes since the last
 * review marked.
 */

let t: TestApp;
let who: FullApplicant;
beforeAll(async () => {
  t = await startOpsApp();
  who = await fullApplicant(t);
});
afterAll(() => t.close());

async function application(id = who.id): Promise<OpsApplication> {
  const { status, body } = await opsCall<OpsApplicationResponse>(t, 'GET', `/api/ops/applications/${id}`);
  expect(status).toBe(200);
  return body.application;
}

const stepOf = (app: OpsApplication, step: string): OpsStepAnswers | undefined => app.answers.find((entry) => entry.step === step);
const read = (entry: OpsStepAnswers | undefined) => Object.fromEntries(entry?.answers.map(({ label, value }) => [label, value]) ?? []);

describe('the answers as the applicant gave them', () => {
  it('declarations read as the statements the applicant made, each with when it was ticked', async () => {
    expect(read(stepOf(await application(), 'declaration'))).toEqual({
      'I am an Indian citizen': 'Yes',
      'No regulatory action has been taken against me in the last 3 years': 'Yes',
      'I am not a politically exposed person (PEP) or related to one': 'Yes',
      'Running account authorization: settle my funds every': '90 days',
      'Contract notes': 'Electronic',
      'When ticked: I am an Indian citizen': '15/01/2026, 15:30 IST',
      'When ticked: No regulatory action has been taken against me in the last 3 years': '15/01/2026, 15:30 IST',
      'When ticked: I am not a politically exposed person (PEP) or related to one': '15/01/2026, 15:30 IST',
    });
  });

  it('the bank account: account type and verification method in words, the time in IST', async () => {
    expect(read(stepOf(await application(), 'bank_details'))).toMatchObject({
      'Account Type': 'Savings',
      'Verification › Method': 'Penny drop (₹1 sent to the account)',
      'Verification › Bank': 'HDFC Bank',
      'Verification › Verified at': '15/01/2026, 15:30 IST',
    });
  });

  it("each nominee under their own heading, with the option texts of the form and that nominee's own proof", async () => {
    const app = await application();
    const nominees = stepOf(app, 'nominee')?.answers ?? [];
    const grouped = nominees.filter((answer) => answer.group !== undefined);
    expect([...new Set(grouped.map((answer) => answer.group))]).toEqual(['Nominee 1: Asha Rao', 'Nominee 2: Kiran Rao']);
    // The nomination as a whole (issue 30): its acknowledgement reference and time, in words.
    expect(nominees.filter((answer) => answer.group === undefined).map(({ label, value }) => [label, value])).toEqual([
      ['Nomination reference', expect.stringMatching(/^NOM-\d{8}-\d{6}$/)],
      ['Nomination acknowledged at', expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} IST$/)],
    ]);
    const minor = read({ step: 'nominee', title: '', answers: nominees.filter((answer) => answer.group === 'Nominee 2: Kiran Rao') });
    expect(minor).toMatchObject({
      'Nominee 2: Kiran Rao › Identifier': 'Aadhaar (last 4 digits only)',
      'Nominee 2: Kiran Rao › Relationship': 'Son',
      'Nominee 2: Kiran Rao › Guardian Name': 'Asha Rao',
      'Nominee 2: Kiran Rao › Guardian City': 'New Delhi',
      'Nominee 2: Kiran Rao › Guardian State': 'Delhi',
    });
    // The proof each nominee answer names is that nominee's, and is labelled with their name.
    for (const name of ['Asha Rao', 'Kiran Rao']) {
      const documentId = nominees.find((answer) => answer.group?.endsWith(name) && answer.label.endsWith('› Document'))?.value;
      expect(app.documents.find((document) => document.id === documentId)).toMatchObject({ kind: 'nominee_proof', label: `Nominee proof: ${name}` });
    }
  });

  it('no field id, wire value or ISO time anywhere a reviewer reads', async () => {
    const app = await application();
    const all = app.answers.flatMap((entry) => entry.answers);
    const ids = new Set(app.documents.map((document) => document.id));
    expect(all.filter(({ label }) => /\w\.\w|declaredAt|nominees\b/.test(label)).map(({ label }) => label)).toEqual([]);
    const raw = all.filter(({ value }) => !ids.has(value) && (/^[a-z]+(_[a-z0-9]+)+$/.test(value) || /^\d{4}-\d{2}-\d{2}T/.test(value)));
    expect(raw).toEqual([]);
    for (const wire of ['penny_drop', 'aadhar_card', 'savings', 'pan_card']) expect(JSON.stringify(app.answers)).not.toContain(`"${wire}"`);
  });
});

describe('what changed since the last review', () => {
  it('before any decision nothing is marked; after a reject and the fix, the fixed step alone is', async () => {
    const other = await fullApplicant(t);
    const before = await application(other.id);
    expect(before.lastReviewAt).toBeNull();
    expect(before.answers.filter((entry) => entry.changedAt)).toEqual([]);

    t.clock.advance(minutes(10));
    const rejected = await decide(t, other.id, { action: 'reject', rejectedSteps: { personal_details: "Father's name does not match the PAN" } });
    expect(rejected.status).toBe(200);
    const reviewed = await application(other.id);
    expect(reviewed.lastReviewAt).toBe(new Date(t.clock.now).toISOString());
    expect(reviewed.answers.filter((entry) => entry.changedAt)).toEqual([]);

    t.clock.advance(minutes(30));
    expect((await send(t, other, '/api/user/modification/details', validModification)).status).toBe(200);
    const fixed = await application(other.id);
    expect(fixed.answers.filter((entry) => entry.changedAt).map((entry) => [entry.step, entry.changedAt])).toEqual([
      ['personal_details', new Date(t.clock.now).toISOString()],
    ]);
    expect(read(stepOf(fixed, 'personal_details'))).toMatchObject({ "Father's / Parent's Name": 'Mahesh Rao', Gender: 'Female' });
    expect(fixed.documents.filter((document) => document.newSinceReview)).toEqual([]);
  });
});

describe('the queue', () => {
  it("shows how long each application has waited at its status, by the server's clock", async () => {
    const waiting = await fullApplicant(t);
    t.clock.advance(minutes(2 * 24 * 60 + 5 * 60 + 7));
    const { body } = await opsCall<OpsApplicationList>(t, 'GET', `/api/ops/applications?q=${waiting.pan}`);
    expect(body.applications).toEqual([expect.objectContaining({ id: waiting.id, waitingSeconds: (2 * 24 * 60 + 5 * 60 + 7) * 60 })]);
  });
});
