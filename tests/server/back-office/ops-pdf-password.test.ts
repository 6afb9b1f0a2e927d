import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsApplication, OpsApplicationResponse, OpsDocumentPassword } from '../../../core/api/types';
import { createDatabase } from '../../../server/db/database';
import { captureLogs, minutes, type TestApp } from '../helpers';
import { fixture, fixturePassword } from '../income-proof-fixtures';
import { decide, opsCall, opsToken, publicUrl } from '../ops-fixtures';
import { type FullApplicant, fullApplicant, uploadParts } from '../ops-review-fixture';
import { startTestApp } from '../helpers';

/**
 * Issue 32: a reviewer opens a password-protected income PDF: its password is kept sealed (never in clear at rest,
 * never logged), read on the reviewer's click and audited; 'password protected' speaks of the current file only.
 */

const logs = captureLogs();
let t: TestApp;
let who: FullApplicant;
beforeAll(async () => {
  t = await startTestApp({ opsToken, publicUrl, limits: { sendsPerIp: 10_000 }, logger: { level: 'trace', stream: logs.stream } });
  who = await fullApplicant(t);
});
afterAll(() => t.close());

async function application(): Promise<OpsApplication> {
  return (await opsCall<OpsApplicationResponse>(t, 'GET', `/api/ops/applications/${who.id}`)).body.application;
}
const incomeAnswers = (app: OpsApplication) => Object.fromEntries(app.answers.find((step) => step.step === 'income_proof')?.answers.map((a) => [a.label, a.value]) ?? []);
const currentIncomeProof = (app: OpsApplication) => app.documents.find((document) => document.id === app.steps.income_proof?.documentId);

describe('a password-protected income PDF in the back office', () => {
  it('the reviewer reads its password (audited, never stored or logged in clear) and the file opens with it', async () => {
    const app = await application();
    const pdf = currentIncomeProof(app);
    expect(pdf).toMatchObject({ kind: 'income_proof_pdf', passwordKept: true });
    expect(incomeAnswers(app)['This PDF is password protected']).toBe('Yes');

    const read = await opsCall<OpsDocumentPassword>(t, 'POST', `/api/ops/documents/${pdf?.id}/password`, {});
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ password: fixturePassword });
    expect(read.response.headers['cache-control']).toBe('no-store');

    const trail = (await application()).audit.filter((entry) => entry.action === 'document_password_viewed');
    expect(trail).toEqual([expect.objectContaining({ actor: 'ops-token', note: `Income proof ${pdf?.id}` })]);

    const db = createDatabase({ dataDir: t.dir, databaseUrl: t.databaseUrl });
    try {
      const dump = JSON.stringify(await db.selectFrom('document_passwords' as never).selectAll().execute());
      expect(dump).toContain(pdf?.id);
      expect(dump).not.toContain(fixturePassword);
      expect(JSON.stringify(await db.selectFrom('audit_trail').selectAll().execute())).not.toContain(fixturePassword);
      expect(JSON.stringify(await db.selectFrom('step_data').selectAll().execute())).not.toContain(fixturePassword);
    } finally {
      await db.destroy();
    }
    expect(logs.text()).not.toContain(fixturePassword);
  });

  it('a document with no kept password, or none at all, is not found', async () => {
    const app = await application();
    const image = app.documents.find((document) => document.kind === 'nominee_proof');
    expect(image?.passwordKept).toBeUndefined();
    expect((await opsCall(t, 'POST', `/api/ops/documents/${image?.id}/password`, {})).status).toBe(404);
    expect((await opsCall(t, 'POST', '/api/ops/documents/00000000-0000-4000-8000-000000000000/password', {})).status).toBe(404);
    expect((await opsCall(t, 'POST', `/api/ops/documents/${image?.id}/password`, {}, {})).status).toBe(401);
  });

  it('after a re-upload of an unencrypted PDF on /modification, the flag reads No for the new file', async () => {
    t.clock.advance(minutes(5));
    expect((await decide(t, who.id, { action: 'reject', rejectedSteps: { income_proof: 'The document cannot be read' } })).status).toBe(200);
    t.clock.advance(minutes(5));
    await uploadParts(t, who, '/api/user/modification/document', [
      { name: 'step', value: 'income_proof' },
      { name: 'document_type', value: 'salary_slip' },
      { name: 'data', filename: 'slip.pdf', contentType: 'application/pdf', data: Buffer.from(fixture('plain')) },
    ]);
    const app = await application();
    expect(incomeAnswers(app)).toMatchObject({ 'Document type': 'Salary Slip', 'This PDF is password protected': 'No' });
    const pdf = currentIncomeProof(app);
    expect(pdf).toMatchObject({ newSinceReview: true });
    expect(pdf?.passwordKept).toBeUndefined();
    expect(app.answers.find((step) => step.step === 'income_proof')?.changedAt).toBe(new Date(t.clock.now).toISOString());
  });

  it('a re-upload of an encrypted PDF keeps the new password for the new file', async () => {
    t.clock.advance(minutes(5));
    expect((await decide(t, who.id, { action: 'reject', rejectedSteps: { income_proof: 'The document cannot be read' } })).status).toBe(200);
    await uploadParts(t, who, '/api/user/modification/document', [
      { name: 'step', value: 'income_proof' },
      { name: 'document_type', value: 'bank_statement' },
      { name: 'password', value: fixturePassword },
      { name: 'data', filename: 'statement.pdf', contentType: 'application/pdf', data: Buffer.from(fixture('encrypted-rc4')) },
    ]);
    const app = await application();
    expect(incomeAnswers(app)['This PDF is password protected']).toBe('Yes');
    const pdf = currentIncomeProof(app);
    expect(pdf?.passwordKept).toBe(true);
    expect((await opsCall<OpsDocumentPassword>(t, 'POST', `/api/ops/documents/${pdf?.id}/password`, {})).body).toEqual({ password: fixturePassword });
  });
});
