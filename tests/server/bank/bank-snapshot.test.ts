import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bank } from '../../../server/bank/bank-directory';
import { type BankDatabase, bankDb } from '../../../server/bank/bank-tables';
import type { BranchView } from '../../../server/bank/repositories/branch-search';
import { findBranchSnapshot, snapshotKey, snapshotVersion } from '../../../server/bank/branch-snapshot';
import { bankCodesWithBranches, countBranches } from '../../../server/bank/repositories/branch-store';
import { buildApp } from '../../../server/app';
import { createDatabase } from '../../../server/db/database';
import type { Kysely } from 'kysely';
import { type TestApp, auth, get, signIn, startTestApp } from '../helpers';

/**
 * The committed snapshot, as a first start loads it (the default of createBank), on SQLite or on
 * PostgreSQL with ONBOARD_TEST_POSTGRES_URL. Loading 152,320 branches takes seconds.
 */
const loadTimeout = 180_000;

let t: TestApp;
let db: Kysely<BankDatabase>;
let token: string;

beforeAll(async () => {
  t = await startTestApp({ bank: {} });
  db = bankDb(createDatabase({ dataDir: t.dir, databaseUrl: t.databaseUrl }));
  token = (await signIn(t)).token;
}, loadTimeout);
afterAll(async () => {
  await db?.destroy();
  await t?.close();
});

async function branches(bank: string, q = ''): Promise<string[]> {
  const response = await get(t.app, `/api/utils/bank/details/${bank}?q=${encodeURIComponent(q)}`, auth(token));
  expect(response.statusCode, `${bank} ${q}: ${response.body}`).toBe(200);
  return response.json<BranchView[]>().map((branch) => branch.ifsc);
}

describe('the committed branch snapshot', () => {
  it('loads whole, under the version its file name gives', async () => {
    expect(await countBranches(db)).toBe(152_320);
    const version = await db.selectFrom('reference_data_versions').select(['version', 'row_count']).where('name', '=', snapshotKey).executeTakeFirst();
    expect(version).toEqual({ version: snapshotVersion(findBranchSnapshot()), row_count: 152_320 });
  });

  it('answers branch searches by name, city, address and IFSC prefix', async () => {
    expect(await branches('HDFC', 'NARIMAN')).toContain('HDFC0000001');
    expect((await branches('HDFC', 'MUMBAI')).length).toBeGreaterThan(0);
    // SBI rows have no branch names: Sansad Marg is in their addresses.
    expect((await branches('SBIN', 'SANSAD')).length).toBeGreaterThan(0);
    const prefix = await branches('HDFC', 'HDFC000000');
    expect(prefix).toContain('HDFC0000001');
    expect(prefix.every((ifsc) => ifsc.startsWith('HDFC000000'))).toBe(true);
    expect(await branches('SBIN', 'sbin0000691')).toEqual(['SBIN0000691']);
  });

  it('lists every bank code of the branch data, and each answers branch search', { timeout: 60_000 }, async () => {
    const listed = await get(t.app, '/api/utils/bank', auth(token));
    const banks = new Map(listed.json<Bank[]>().map((bank) => [bank.code, bank.name]));
    const codes = await bankCodesWithBranches(db);
    expect(codes).toHaveLength(1396);
    expect(codes.filter((code) => !banks.has(code))).toEqual([]);
    const unreachable: string[] = [];
    for (const code of codes) if ((await branches(code)).length === 0) unreachable.push(code);
    expect(unreachable).toEqual([]);
    // Codes the ifsc package does not name: from the rows' bank column, else the code.
    expect(banks.get('USCB')).toBe('UTTARAKHAND STATE COOPERATIVE BANK LIMITED');
    expect(banks.get('GABK')).toBe('GABK');
    // Sublet entries that name a bank: the branch stays under its IFSC's bank.
    expect(await branches('HDFC', 'HDFC0CNICBL')).toEqual(['HDFC0CNICBL']);
    expect(await branches('YESB', 'YESB0WNSB01')).toEqual(['YESB0WNSB01']);
  });

  it('a second start on the same database skips the load', { timeout: loadTimeout }, async () => {
    await db.deleteFrom('bank_branches').where('ifsc', '=', 'HDFC0000001').execute();
    const again = await buildApp({ dataDir: t.dir, databaseUrl: t.databaseUrl, secret: 'x', bank: {} });
    await again.close();
    // A reload would have put the deleted branch back.
    expect(await countBranches(db)).toBe(152_319);
  });
});
