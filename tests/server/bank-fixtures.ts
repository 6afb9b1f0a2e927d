import { join } from 'node:path';
import type { LinkedBankAccount } from '../../server/bank/linked-account';
import { createDatabase } from '../../server/db/database';
import { bankDb } from '../../server/bank/bank-tables';
import type { AppOptions } from '../../server/app-options';
import { type TestApp, startTestApp } from './helpers';
import { type Applicant, applicantAt, setPanRecord } from './step-fixtures';

export const branchFixtureDir = join(import.meta.dirname, '..', 'fixtures', 'bank-branches');
/** 50 real rows: HDFC (Nariman Point, Mumbai…), SBI (no branch names), ICICI, a sub-member bank, multi-line addresses. */
export const branchFixture = join(branchFixtureDir, 'branches-fixture1.csv');
export const razorpayFixture = join(branchFixtureDir, 'razorpay-IFSC.csv');

/** A test app whose branch directory is the small fixture. */
export function startBankApp(options: AppOptions = {}): Promise<TestApp> {
  return startTestApp({ ...options, bank: { branchSnapshot: branchFixture, ...options.bank } });
}

let panCounter = 0;

export interface BankApplicant extends Applicant {
  pan: string;
  name: string;
  dateOfBirth: string;
}

/** A signed-in applicant with a confirmed PAN whose next step is bank linking. */
export async function applicantAtBank(t: TestApp, name = 'SNEHA SHARMA'): Promise<BankApplicant> {
  panCounter += 1;
  const pan = `ABCPS${String(panCounter).padStart(4, '0')}F`;
  const dateOfBirth = '15/08/1990';
  const who = await applicantAt(t, 'bank_details', {}, 'personal_details');
  await setPanRecord(t, who.phone, { pan, name, dateOfBirth });
  return { ...who, pan, name, dateOfBirth };
}

/** The spec's bank details payload plus pan and dateOfBirth. */
export function bankDetails(who: BankApplicant, patch: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    beneficiaryAccount: '50100123456789',
    beneficiaryIFSC: 'HDFC0000001',
    beneficiaryName: who.name,
    beneficiaryAccountType: 'savings',
    vpa: 'sneha.sharma@okhdfc',
    pan: who.pan,
    dateOfBirth: who.dateOfBirth,
    ...patch,
  };
}

/** The applicant's linked account, read from the app's database over a second connection. */
export async function linkedAccounts(t: TestApp, phone: string): Promise<LinkedBankAccount[]> {
  const db = bankDb(createDatabase({ dataDir: t.dir, databaseUrl: t.databaseUrl }));
  try {
    const rows = await db
      .selectFrom('step_data')
      .innerJoin('users', 'users.id', 'step_data.user_id')
      .select('step_data.data')
      .where('users.phone', '=', phone)
      .where('step_data.step_id', '=', 'bank_details')
      .execute();
    return rows.map((row) => JSON.parse(row.data) as LinkedBankAccount);
  } finally {
    await db.destroy();
  }
}
