import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, captureLogs, startTestApp } from '../helpers';
import { submitIncomeProof } from '../identity-fixtures';
import { fixture, fixturePassword } from '../income-proof-fixtures';
import { applicantAt } from '../step-fixtures';

describe('a PDF password never reaches the logs', () => {
  const { stream, text: loggedText } = captureLogs();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ logger: { level: 'trace', stream } });
  });
  afterAll(() => t.close());

  it('not on success, a wrong password, a password for a plain PDF, or a refused upload', async () => {
    const wrong = 'Wr0ng-Guess!2026';
    const stray = 'Stray-Secret-77';
    const encrypted = { bytes: fixture('encrypted-aes256'), filename: 'statement.pdf' };
    const who = await applicantAt(t, 'income_proof');
    expect((await submitIncomeProof(t, who, { document_type: 'bank_statement', password: wrong }, encrypted)).statusCode).toBe(400);
    expect((await submitIncomeProof(t, who, { document_type: 'bank_statement', password: stray, extra: 'x' }, encrypted)).statusCode).toBe(400);
    expect((await submitIncomeProof(t, who, { document_type: 'nonsense', password: stray }, encrypted)).statusCode).toBe(400);
    expect((await submitIncomeProof(t, who, { document_type: 'bank_statement', password: fixturePassword }, encrypted)).statusCode).toBe(200);
    const other = await applicantAt(t, 'income_proof');
    expect((await submitIncomeProof(t, other, { document_type: 'form_16', password: stray }, { bytes: fixture('plain'), filename: 'f16.pdf' })).statusCode).toBe(200);

    const log = loggedText();
    expect(log).toContain('incoming request');
    expect(log).toContain('/api/user/income-proof');
    for (const secret of [wrong, stray, fixturePassword]) expect(log).not.toContain(secret);
  });
});
