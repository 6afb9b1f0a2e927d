import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../server/db/database';
import type { StepSavedResponse } from '../../../core/api/types';
import { type TestApp, auth, get, post, startTestApp } from '../helpers';
import { type MultipartFile, submitIncomeProof } from '../identity-fixtures';
import { type FixtureName, fixture, fixturePassword, wrongPassword } from '../income-proof-fixtures';
import { type Applicant, applicantAt, expectError, nextAfter, setUserRow } from '../step-fixtures';
import { refuseMovesOf, stepAnswersOf, withDb } from '../stored-records';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const pdf = (name: FixtureName, filename = 'statement.pdf'): MultipartFile => ({ bytes: fixture(name), filename });
const result = async (response: { statusCode: number; json: <T>() => T }) => ({ status: response.statusCode, body: response.json() });
const consentStatus = (who: Applicant, consentId: string) => get(t.app, `/api/user/income-proof/${encodeURIComponent(consentId)}`, auth(who.token));
// The aggregator's flow: income-proof-aggregator.test.ts.

async function startAggregator(who: Applicant): Promise<{ redirectionUrl: string; consentId: string }> {
  const response = await submitIncomeProof(t, who, { account_aggregator_flow: 'true' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('manual income proof (a PDF)', () => {
  it.each<[string, Record<string, string>, MultipartFile | undefined, number, string]>([
    ['no document type', {}, pdf('plain'), 400, 'must select document type to be uploaded'],
    ['an unknown document type', { document_type: 'pay_slip' }, pdf('plain'), 400, 'must select document type to be uploaded'],
    ['no file', { document_type: 'bank_statement' }, undefined, 400, 'must select document to be uploaded'],
    ['an empty file', { document_type: 'bank_statement' }, { bytes: new Uint8Array(), filename: 'empty.pdf' }, 400, 'Income proof is empty'],
    ['a JPEG named .pdf', { document_type: 'salary_slip' }, pdf('photo-named', 'slip.pdf'), 415, 'Income proof must be a PDF'],
    ['an encrypted PDF without a password', { document_type: 'bank_statement' }, pdf('encrypted-aes256'), 400, 'This PDF is password protected, please enter its password'],
    ['an encrypted PDF with the wrong password', { document_type: 'bank_statement', password: wrongPassword }, pdf('encrypted-aes256'), 400, 'The password for this PDF is incorrect'],
    ['a damaged PDF', { document_type: 'it_return' }, pdf('damaged'), 400, 'Income proof is damaged or incomplete, upload it again'],
    ['an unknown field', { document_type: 'form_16', note: 'hi' }, pdf('plain'), 400, "Unexpected field 'note'"],
  ])('%s: %i', async (_label, fields, file, status, message) => {
    const who = await applicantAt(t, 'income_proof');
    expectError(await result(await submitIncomeProof(t, who, fields, file)), status, message);
  });

  it.each<[string, FixtureName, string | undefined]>([
    ['a plain PDF', 'plain', undefined],
    ['an AES-256 PDF with the right password', 'encrypted-aes256', fixturePassword],
    ['an RC4 PDF with the right password', 'encrypted-rc4', fixturePassword],
  ])('%s is saved and completes the step; the password is not stored', async (_label, name, password) => {
    const who = await applicantAt(t, 'income_proof', {}, 'nominee');
    const response = await submitIncomeProof(t, who, { document_type: 'bank_statement', ...(password ? { password } : {}) }, pdf(name));
    expect(response.statusCode).toBe(200);
    const body = response.json<StepSavedResponse>();
    expect(body.message).toBe('Income proof uploaded successfully');
    expect(body.user).toMatchObject({ currentStep: 'income_proof', nextStep: nextAfter('income_proof') });
    const db = createDatabase({ dataDir: t.dir, databaseUrl: t.databaseUrl });
    try {
      const rows = await db.selectFrom('income_proofs').innerJoin('users', 'users.id', 'income_proofs.user_id').select('income_proofs.result').where('users.phone', '=', who.phone).execute();
      expect(rows).toHaveLength(1);
      expect(JSON.parse(rows[0]?.result ?? '{}')).toMatchObject({ documentType: 'bank_statement', pages: 1, encrypted: password !== undefined });
      if (password) expect(rows[0]?.result).not.toContain(password);
    } finally {
      await db.destroy();
    }
  });

  it('wrong password, then the right one', async () => {
    const who = await applicantAt(t, 'income_proof');
    expectError(await result(await submitIncomeProof(t, who, { document_type: 'dp_holding', password: wrongPassword }, pdf('encrypted-rc4'))), 400, 'The password for this PDF is incorrect');
    expect((await submitIncomeProof(t, who, { document_type: 'dp_holding', password: fixturePassword }, pdf('encrypted-rc4'))).statusCode).toBe(200);
  });

  it('a file over 10 MB: 413', async () => {
    const who = await applicantAt(t, 'income_proof');
    const big = new Uint8Array(10 * 1024 * 1024 + 1).fill(32);
    big.set(new TextEncoder().encode('%PDF-1.4\n'));
    expectError(await result(await submitIncomeProof(t, who, { document_type: 'bank_statement' }, { bytes: big, filename: 'big.pdf' })), 413, 'Income proof is larger than 10 MB');
  });

  it('a JSON body instead of multipart: 415', async () => {
    const who = await applicantAt(t, 'income_proof');
    expectError(await result(await post(t.app, '/api/user/income-proof', { skip: true }, auth(who.token))), 415, 'Send this as multipart/form-data');
  });
});

describe('skip, and the step order', () => {
  it("skip moves on: 'Fno Trade Activation Skipped!'", async () => {
    const who = await applicantAt(t, 'income_proof', {}, 'nominee');
    const response = await submitIncomeProof(t, who, { skip: 'true' });
    expect(response.statusCode).toBe(200);
    expect(response.json<StepSavedResponse>()).toMatchObject({ message: 'Fno Trade Activation Skipped!', user: { nextStep: nextAfter('income_proof') } });
  });

  const proofsOf = (who: Applicant) =>
    withDb(t, (db) => db.selectFrom('income_proofs').innerJoin('users', 'users.id', 'income_proofs.user_id').select('income_proofs.kind').where('users.phone', '=', who.phone).execute());
  const uploadsOf = (who: Applicant) =>
    withDb(t, (db) => db.selectFrom('documents').innerJoin('users', 'users.id', 'documents.user_id').select('documents.id').where('users.phone', '=', who.phone).execute());

  it('skip after a PDF and a step back: the answers say skipped and the PDF is gone (one save path, as every step)', async () => {
    const who = await applicantAt(t, 'income_proof', {}, 'nominee');
    expect((await submitIncomeProof(t, who, { document_type: 'bank_statement' }, pdf('plain'))).statusCode).toBe(200);
    expect(await uploadsOf(who)).toHaveLength(1);
    await setUserRow(t, who.phone, { next_step: 'income_proof', current_step: 'nominee' });
    expect((await submitIncomeProof(t, who, { skip: 'true' })).statusCode).toBe(200);
    expect((await stepAnswersOf(t, who)).income_proof).toEqual({ skipped: true });
    expect(await uploadsOf(who)).toEqual([]);
  });

  it('the skip\'s record and the move are one transaction: a move the database refuses records no skip', async () => {
    const who = await applicantAt(t, 'income_proof', {}, 'nominee');
    await refuseMovesOf(t, who);
    expect((await submitIncomeProof(t, who, { skip: 'true' })).statusCode).toBe(500);
    expect(await proofsOf(who)).toEqual([]);
  });

  it('before the nominee step is done: please complete previous steps', async () => {
    const who = await applicantAt(t, 'nominee');
    expectError(await result(await submitIncomeProof(t, who, { skip: 'true' })), 400, 'please complete previous steps');
  });

  it('after verification_pending, every income-proof submission is closed (the step guard): 400', async () => {
    const owner = await applicantAt(t, 'income_proof');
    const { consentId } = await startAggregator(owner);
    const { phone } = owner;
    const db = createDatabase({ dataDir: t.dir, databaseUrl: t.databaseUrl });
    await db.updateTable('users').set({ next_step: 'verification_pending' }).where('phone', '=', phone).execute();
    await db.destroy();
    const closed = 'please complete previous steps';
    expectError(await result(await submitIncomeProof(t, owner, { skip: 'true' })), 400, closed);
    expectError(await result(await submitIncomeProof(t, owner, { account_aggregator_flow: 'true' })), 400, closed);
    expectError(await result(await submitIncomeProof(t, owner, { document_type: 'bank_statement' }, pdf('plain'))), 400, closed);
    expectError(await result(await consentStatus(owner, consentId)), 400, closed);
  });
});
