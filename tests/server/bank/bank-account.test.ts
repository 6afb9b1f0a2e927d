import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../../server/config/load-config';
import { simulatedAccountTriggers } from '../../../server/providers/penny-drop/simulated-accounts';
import type { StepSavedResponse } from '../../../core/api/types';
import type { TestApp } from '../helpers';
import { applicantAtBank, bankDetails, linkedAccounts, startBankApp } from '../bank-fixtures';
import { expectError, nextAfter, send } from '../step-fixtures';
import { refuseMovesOf } from '../stored-records';

let t: TestApp;
beforeAll(async () => {
  t = await startBankApp();
});
afterAll(() => t.close());

const url = '/api/user/add-bank-account';

/** Expects 400 whose messages by field are exactly `fields`. */
async function expectFields(body: Record<string, unknown>, fields: Record<string, string[]>): Promise<void> {
  const who = await applicantAtBank(t);
  const result = await send<{ message: string; errors: Record<string, string[]> }>(t, who, url, bankDetails(who, body));
  expect({ status: result.status, errors: result.body.errors }).toEqual({ status: 400, errors: fields });
  expect(result.body.message).toBe(Object.values(fields)[0]?.[0]);
}

describe('POST /api/user/add-bank-account: account number (digits only, under 20, at least 9)', () => {
  it.each<[string, unknown, string[] | null]>([
    ['9 digits', '123456789', null],
    ['19 digits', '1234567890123456789', null],
    ['8 digits', '12345678', ['Account number must be at least 9 digits']],
    ['20 digits', '12345678901234567890', ['Account number must be less than 20 digits']],
    ['letters', '12345678A9', ['Account number must contain digits only']],
    ['spaces', '1234 5678 9012', ['Account number must contain digits only']],
    ['a number, not text', 123456789012, ['Account number must contain digits only']],
    ['empty', '', ['Account number must be at least 9 digits']],
  ])('%s', async (_name, beneficiaryAccount, messages) => {
    if (messages) {
      await expectFields({ beneficiaryAccount }, { beneficiaryAccount: messages });
    } else {
      const who = await applicantAtBank(t);
      expect((await send(t, who, url, bankDetails(who, { beneficiaryAccount }))).status).toBe(200);
    }
  });

  it('missing', async () => {
    const who = await applicantAtBank(t);
    const { beneficiaryAccount: _dropped, ...body } = bankDetails(who);
    expectError(await send(t, who, url, body), 400, 'Account number is required');
  });
});

describe('POST /api/user/add-bank-account: UPI ID (optional)', () => {
  it.each<[string, unknown, boolean]>([
    ['absent', undefined, true],
    ['empty', '', true],
    ['name@bank', 'sneha.sharma@okhdfc', true],
    ['digits, dot, dash and underscore', '98765-43_21.x@ybl', true],
    ['2-character name, 2-letter handle', 'ab@yb', true],
    ['no @', 'sneha.sharma', false],
    ['digits in the handle', 'sneha@ok123', false],
    ['1-character name', 'a@ybl', false],
    ['1-letter handle', 'sneha@y', false],
    ['65-letter handle', `sneha@${'y'.repeat(65)}`, false],
    ['two @', 'sneha@ok@hdfc', false],
    ['a space', 'sneha sharma@ybl', false],
  ])('%s', async (_name, vpa, valid) => {
    if (valid) {
      const who = await applicantAtBank(t);
      const body = bankDetails(who, { vpa });
      if (vpa === undefined) delete body.vpa;
      expect((await send(t, who, url, body)).status).toBe(200);
    } else {
      await expectFields({ vpa }, { vpa: ['Invalid UPI ID'] });
    }
  });
});

describe('POST /api/user/add-bank-account: the rest of the payload', () => {
  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    ['a malformed IFSC', { beneficiaryIFSC: 'HDFC000001' }, { beneficiaryIFSC: ['Enter valid IFSC code'] }],
    ['a current account', { beneficiaryAccountType: 'current' }, { beneficiaryAccountType: ['Account type must be savings'] }],
    ['a blank holder name', { beneficiaryName: '  ' }, { beneficiaryName: ['Enter account holder name'] }],
    ['a malformed PAN', { pan: 'ABC' }, { pan: ['Enter valid PAN Number'] }],
    ['an unknown field', { branch: 'x' }, { '': ["body has an unknown property 'branch'"] }],
  ])('%s', async (_name, patch, fields) => {
    await expectFields(patch, fields);
  });

  it('an IFSC that does not exist is a 400', async () => {
    const who = await applicantAtBank(t);
    expectError(await send(t, who, url, bankDetails(who, { beneficiaryIFSC: 'HDFC0999990' })), 400, 'IFSC code not found');
  });

  it("a PAN or date of birth other than the applicant's is a 400", async () => {
    const who = await applicantAtBank(t);
    expectError(await send(t, who, url, bankDetails(who, { pan: 'ZZZPZ9999Z' })), 400, 'PAN and date of birth do not match your verified PAN');
    expectError(await send(t, who, url, bankDetails(who, { dateOfBirth: '01/01/1991' })), 400, 'PAN and date of birth do not match your verified PAN');
  });
});

describe('POST /api/user/add-bank-account: penny drop', () => {
  it("links an account held in the PAN name and moves on to the next step", async () => {
    const who = await applicantAtBank(t);
    const result = await send<StepSavedResponse>(t, who, url, bankDetails(who));
    expect(result.status).toBe(200);
    expect(result.body.message).toBe('Bank Details Saved!');
    expect(result.body.user).toMatchObject({ currentStep: 'bank_details', nextStep: nextAfter('bank_details') });
    expect(await linkedAccounts(t, who.phone)).toEqual([
      {
        beneficiaryAccount: '50100123456789',
        beneficiaryIFSC: 'HDFC0000001',
        beneficiaryName: 'SNEHA SHARMA',
        beneficiaryAccountType: 'savings',
        vpa: 'sneha.sharma@okhdfc',
        // Cashfree's reference_id (its simulator answers: the default penny-drop vendor).
        verification: { method: 'penny_drop', bankCode: 'HDFC', bankName: 'HDFC Bank', reference: expect.stringMatching(/^[0-9]+$/), verifiedAt: expect.any(String) },
      },
    ]);
    // Done: the step is closed until set-previous reopens it.
    expectError(await send(t, who, url, bankDetails(who)), 400, 'please complete previous steps');
  });

  it('a valid IFSC the directory lacks is accepted through the lookup provider', async () => {
    const who = await applicantAtBank(t);
    expect((await send(t, who, url, bankDetails(who, { beneficiaryIFSC: 'SBIN0000691' }))).status).toBe(200);
  });

  it.each([
    ['closed account', '123456780000', 400, 'Bank account is closed or blocked, please link another account'],
    ['no such account', '123456782222', 400, 'Bank account not found, check the account number and IFSC'],
    ['name mismatch', '123456781111', 400, 'Account holder name does not match the name on your PAN'],
    ['bank unavailable', '123456785000', 503, 'Bank verification service is unavailable, please try again'],
  ])('simulated account: %s', async (_name, beneficiaryAccount, status, message) => {
    const who = await applicantAtBank(t);
    expectError(await send(t, who, url, bankDetails(who, { beneficiaryAccount })), status, message);
    expect(await linkedAccounts(t, who.phone)).toEqual([]);
  });

  it("the README's table names every simulated account, with its example", () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    for (const trigger of simulatedAccountTriggers) expect(readme).toContain(`| ends in \`${trigger.ending}\` | \`${trigger.example}\` |`);
  });

  it('before the bank step: please complete previous steps', async () => {
    const who = await applicantAtBank(t);
    const { setUserRow } = await import('../step-fixtures');
    await setUserRow(t, who.phone, { next_step: 'personal_details' });
    expectError(await send(t, who, url, bankDetails(who)), 400, 'please complete previous steps');
  });
});

describe('logs', () => {
  it('never hold a full account number', async () => {
    const { captureLogs, post } = await import('../helpers');
    const logs = captureLogs();
    const logged = await startBankApp({ logger: { level: 'debug', stream: logs.stream } });
    try {
      for (const beneficiaryAccount of ['50100123456789', '123456781111', '123456785000']) {
        const who = await applicantAtBank(logged);
        await send(logged, who, url, bankDetails(who, { beneficiaryAccount }));
      }
      const who = await applicantAtBank(logged);
      const started = await send<{ requestId: string }>(logged, who, '/api/user/rpd-verification', {});
      await post(logged.app, `/api/dev/upi/${started.body.requestId}/pay`, { accountNumber: '77700012345678' });
      const text = logs.text();
      expect(text).toContain('"account":"********5000"');
      for (const account of ['50100123456789', '123456781111', '123456785000', '77700012345678']) expect(text).not.toContain(account);
    } finally {
      await logged.close();
    }
  });
});

describe('POST /api/user/add-bank-account: one save path', () => {
  it('the account and the move are one transaction: a move the database refuses links no account', async () => {
    const who = await applicantAtBank(t);
    await refuseMovesOf(t, who);
    expect((await send(t, who, url, bankDetails(who))).status).toBe(500);
    expect(await linkedAccounts(t, who.phone)).toEqual([]);
  });
});
