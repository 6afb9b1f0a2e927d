import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankDb } from '../../../server/bank/bank-tables';
import { parseBranchCsv } from '../../../server/bank/branch-records';
import type { BranchView } from '../../../server/bank/repositories/branch-search';
import { importKey } from '../../../server/bank/branch-snapshot';
import { countBranches, loadBranches } from '../../../server/bank/repositories/branch-store';
import { createDatabase } from '../../../server/db/database';
import { type TestApp, auth, errorOf, get, signIn, startTestApp } from '../helpers';
import { branchFixture, razorpayFixture, startBankApp } from '../bank-fixtures';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startBankApp();
  token = (await signIn(t)).token;
});
afterAll(() => t.close());

async function branches(bank: string, q?: string): Promise<string[]> {
  const url = `/api/utils/bank/details/${bank}${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`;
  const response = await get(t.app, url, auth(token));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BranchView[]>().map((branch) => branch.ifsc);
}

describe('GET /api/utils/bank', () => {
  it('answers every bank, sorted by name case-insensitively', async () => {
    const response = await get(t.app, '/api/utils/bank', auth(token));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const banks = response.json<{ code: string; name: string }[]>();
    expect(banks.length).toBeGreaterThanOrEqual(1346);
    expect(banks.map((bank) => bank.name)).toEqual(banks.map((bank) => bank.name).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(banks).toContainEqual({ code: 'HDFC', name: 'HDFC Bank' });
    expect(banks).toContainEqual({ code: 'SBIN', name: 'State Bank of India' });
  });

  it('needs sign-in, like every call but sign-in', async () => {
    expect((await get(t.app, '/api/utils/bank')).statusCode).toBe(401);
    expect((await get(t.app, '/api/utils/bank/details/HDFC?q=MUMBAI')).statusCode).toBe(401);
  });
});

describe('GET /api/utils/bank/details/{bankCode}?q=', () => {
  it.each<[string, string, string, string[]]>([
    ['IFSC prefix', 'HDFC', 'HDFC000001', ['HDFC0000010', 'HDFC0000011', 'HDFC0000012', 'HDFC0000013', 'HDFC0000014', 'HDFC0000015', 'HDFC0000016', 'HDFC0000017', 'HDFC0000018', 'HDFC0000019']],
    ['whole IFSC', 'HDFC', 'HDFC0000001', ['HDFC0000001']],
    ['IFSC prefix in lower case', 'HDFC', 'hdfc000029', ['HDFC0000291']],
    // HDFC0001212's address runs words together ('IIINARIMAN POINT'): words match from their start only.
    ['branch name word', 'HDFC', 'NARIMAN', ['HDFC0000001', 'HDFC0000291', 'HDFC0006118']],
    ['start of a word', 'HDFC', 'NARI', ['HDFC0000001', 'HDFC0000291', 'HDFC0006118']],
    ['city', 'HDFC', 'CHENNAI', ['HDFC0000004', 'HDFC0000010', 'HDFC0000017', 'HDFC0000024']],
    ['two words, both required', 'HDFC', 'KOLKATA SALT', ['HDFC0000018']],
    ['SBI (no branch names) by address', 'SBIN', 'COLLECTORATE', ['SBIN0000603']],
    ['SBI by city', 'SBIN', 'ambala', ['SBIN0000607', 'SBIN0000608']],
    ['SBI by IFSC prefix', 'SBIN', 'SBIN000061', ['SBIN0000610', 'SBIN0000611']],
    ['a sub-member bank under its own code', 'TSDX', 'SRIKAKULAM', ['APBL0001001']],
    ['no match', 'HDFC', 'ZZZZZZ', []],
    ['only address filler', 'HDFC', 'ROAD', []],
  ])('%s: %s %s', async (_name, bank, q, expected) => {
    expect(await branches(bank, q)).toEqual(expected);
  });

  it('finds MUMBAI branches of HDFC only, sorted by IFSC', async () => {
    const found = await branches('HDFC', 'MUMBAI');
    expect(found).toContain('HDFC0000001');
    expect(found).toEqual([...found].sort());
    expect(found.every((ifsc) => ifsc.startsWith('HDFC'))).toBe(true);
    expect(await branches('ICIC', 'MUMBAI')).toEqual(['ICIC0000004']);
  });

  it('answers the branch fields of the spec', async () => {
    const response = await get(t.app, '/api/utils/bank/details/HDFC?q=HDFC0000001', auth(token));
    expect(response.json()).toEqual([
      {
        ifsc: 'HDFC0000001',
        name: 'TULSIANI CHMBRS - NARIMAN PT',
        address: '101-104 TULSIANI CHAMBERSFREE PRESS JOURNAL MARGNARIMAN POINTMUMBAIMAHARASHTRA400 021',
        city: 'MUMBAI',
        district: 'GREATER MUMBAI',
        state: 'MAHARASHTRA',
        code: 'HDFC',
        bank: 'HDFC Bank',
        micr: '400240003',
        contact: '+919890603333',
      },
    ]);
  });

  it("without q: the bank's first branches", async () => {
    expect((await branches('SBIN')).slice(0, 2)).toEqual(['SBIN0000600', 'SBIN0000601']);
    expect(await branches('SBIN', '')).toHaveLength(12);
  });

  it("an IFSC missing from the directory comes from the IFSC lookup (the Razorpay IFSC API's simulator: the shipped branch data)", async () => {
    const response = await get(t.app, '/api/utils/bank/details/SBIN?q=SBIN0000691', auth(token));
    expect(response.json()).toEqual([
      {
        ifsc: 'SBIN0000691',
        name: '',
        address: '11SANSAD MARG, NEW DELHI 110 001',
        city: 'NEW DELHI',
        district: 'NEW DELHI',
        state: 'DELHI',
        code: 'SBIN',
        bank: 'State Bank of India',
        micr: '110002087',
        contact: '',
      },
    ]);
    expect(await branches('SBIN', 'SBIN0999999')).toEqual([]);
  });

  it.each([
    ['q over 12 characters', '/api/utils/bank/details/HDFC?q=HDFC00000012X', 400, 'Search text must be at most 12 characters'],
    ['an unknown bank', '/api/utils/bank/details/QQQQ?q=MUMBAI', 404, 'Bank not found'],
    ['a malformed bank code', '/api/utils/bank/details/HDFC1?q=MUMBAI', 400, 'Bank not found'],
    ['q given twice', '/api/utils/bank/details/HDFC?q=A&q=B', 400, 'Search text must be at most 12 characters'],
  ])('%s is a 4xx', async (_name, url, status, message) => {
    const response = await get(t.app, url, auth(token));
    expect({ status: response.statusCode, message: errorOf(response).message }).toEqual({ status, message });
  });
});

describe('loading the directory', () => {
  it('loads the snapshot once: a restart on the same database skips it', async () => {
    const first = await startTestApp({ bank: { branchSnapshot: branchFixture } });
    const dir = first.dir;
    const db = bankDb(createDatabase({ dataDir: dir, databaseUrl: first.databaseUrl }));
    try {
      expect(await countBranches(db)).toBe(50);
      const versions = await db.selectFrom('reference_data_versions').selectAll().execute();
      expect(versions).toEqual([{ name: 'bank_branches_snapshot', version: 'fixture1', row_count: 50, loaded_at: expect.any(Number) }]);
      // Same version again: nothing is read or written.
      await db.deleteFrom('bank_branches').where('ifsc', '=', 'HDFC0000025').execute();
      const { buildApp } = await import('../../../server/app');
      const again = await buildApp({ dataDir: dir, databaseUrl: first.databaseUrl, secret: 'x', bank: { branchSnapshot: branchFixture } });
      await again.close();
      expect(await countBranches(db)).toBe(49);
    } finally {
      await db.destroy();
      await first.close();
    }
  });

  it('the importer is idempotent: a merge updates and adds rows, the same file twice changes nothing', async () => {
    const app = await startTestApp({ bank: { branchSnapshot: branchFixture } });
    const db = bankDb(createDatabase({ dataDir: app.dir, databaseUrl: app.databaseUrl }));
    try {
      const { records } = parseBranchCsv(readFileSync(razorpayFixture, 'utf8'));
      const snapshot = async () => ({
        branches: await db.selectFrom('bank_branches').selectAll().orderBy('ifsc').execute(),
        words: await db.selectFrom('bank_branch_words').selectAll().orderBy('bank_code').orderBy('word').orderBy('ifsc').execute(),
      });
      expect(await loadBranches(db, records, { name: importKey, version: 'v2', now: 1 })).toEqual({ status: 'loaded', rows: 3 });
      const once = await snapshot();
      expect(once.branches).toHaveLength(52);
      expect(once.branches.find((row) => row.ifsc === 'HDFC0000002')?.branch).toBe('MUMBAI - KHAR WEST NEW PREMISES');
      // The replaced row's old words are gone, its new ones are searchable.
      const khar = once.words.filter((row) => row.ifsc === 'HDFC0000002').map((row) => row.word);
      expect(khar).toContain('PREMISES');
      expect(khar).not.toContain('SWAGATAM,OPP');
      expect(await loadBranches(db, records, { name: importKey, version: 'v2', now: 2 })).toEqual({ status: 'already-loaded', rows: 3 });
      expect(await loadBranches(db, records, { name: importKey, version: 'v2-again', now: 3 })).toEqual({ status: 'loaded', rows: 3 });
      expect(await snapshot()).toEqual(once);
    } finally {
      await db.destroy();
      await app.close();
    }
  });

  it('npm run data:import-branches loads a Razorpay IFSC.csv into the database the server uses', { timeout: 30_000 }, async () => {
    const app = await startTestApp({ bank: { branchSnapshot: branchFixture } });
    await app.app.close();
    try {
      const run = (file: string) =>
        promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/import-branches.ts', file], {
          env: { ...process.env, DATA_DIR: app.dir, DATABASE_URL: app.databaseUrl ?? '' },
          cwd: join(import.meta.dirname, '..', '..', '..'),
        });
      expect((await run(razorpayFixture)).stdout).toMatch(/^imported 3 branches from .* \(1 rows without a valid IFSC skipped\)/);
      expect((await run(razorpayFixture)).stdout).toMatch(/is already imported: nothing to do/);
      const db = bankDb(createDatabase({ dataDir: app.dir, databaseUrl: app.databaseUrl }));
      try {
        expect(await countBranches(db)).toBe(52);
      } finally {
        await db.destroy();
      }
    } finally {
      await app.close().catch(() => undefined);
    }
  });
});
