import { type Kysely, type Transaction, sql } from 'kysely';
import { type Bank, bankName } from '../bank-directory';
import { type BranchRecord, branchWords } from '../branch-records';
import type { BankBranchesTable, BankDatabase } from '../bank-tables';
import { bulkInsert, isPostgres } from './bulk-insert';

/** Rows per statement: one bound value per column (or batch), so the batch size only bounds memory. */
const branchBatch = 5_000;
const wordBatch = 20_000;
/** PostgreSQL advisory lock key of the branch load (any fixed number no other lock of the app uses). */
const branchLoadLock = 4_820_193;

const branchColumns = ['ifsc', 'bank_code', 'bank', 'branch', 'address', 'city', 'district', 'state', 'micr', 'contact'] as const;
const wordColumns = ['bank_code', 'word', 'ifsc'] as const;

export interface BranchLoad {
  /** reference_data_versions key, e.g. 'bank_branches_snapshot'. */
  name: string;
  version: string;
  now: number;
}

export type BranchLoadResult = { status: 'loaded' | 'already-loaded'; rows: number };

type IndexedFields = Pick<BankBranchesTable, 'ifsc' | 'bank_code' | 'branch' | 'address' | 'city'>;

function toRow(record: BranchRecord): string[] {
  return [record.ifsc, record.bankCode, record.bank, record.branch, record.address, record.city, record.district, record.state, record.micr, record.contact];
}

export async function loadedVersion(db: Kysely<BankDatabase>, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('reference_data_versions').select('version').where('name', '=', name).executeTakeFirst();
  return row?.version;
}

async function insertWords(trx: Transaction<BankDatabase>, rows: Iterable<IndexedFields>): Promise<void> {
  let batch: string[][] = [];
  const flush = async () => {
    await bulkInsert(trx, { table: 'bank_branch_words', columns: wordColumns, rows: batch });
    batch = [];
  };
  for (const row of rows) {
    for (const word of branchWords(row)) {
      batch.push([row.bank_code, word, row.ifsc]);
      if (batch.length >= wordBatch) await flush();
    }
  }
  await flush();
}

const indexedFields = (record: BranchRecord): IndexedFields => ({
  ifsc: record.ifsc,
  bank_code: record.bankCode,
  branch: record.branch,
  address: record.address,
  city: record.city,
});

/** Rebuilds the whole word index from the table: after a merge, words of replaced rows must go too. */
async function rebuildWords(trx: Transaction<BankDatabase>): Promise<void> {
  await trx.deleteFrom('bank_branch_words').execute();
  let after = '';
  for (;;) {
    const page = await trx
      .selectFrom('bank_branches')
      .select(['ifsc', 'bank_code', 'branch', 'address', 'city'])
      .where('ifsc', '>', after)
      .orderBy('ifsc')
      .limit(20_000)
      .execute();
    if (page.length === 0) return;
    await insertWords(trx, page);
    after = page[page.length - 1]?.ifsc ?? after;
  }
}

/**
 * Loads `records` in one transaction, unless `load.version` is already loaded under `load.name`.
 * Into an empty directory: plain batch inserts. Otherwise a merge: a row with a known IFSC replaces
 * the old one, rows the file lacks stay, and the word index is rebuilt. Running it twice changes nothing.
 */
export async function loadBranches(db: Kysely<BankDatabase>, records: readonly BranchRecord[], load: BranchLoad): Promise<BranchLoadResult> {
  return db.transaction().execute(async (trx) => {
    // Instances starting together on one PostgreSQL database: one loads, the others wait, then find it loaded.
    if (isPostgres(trx as unknown as Kysely<unknown>)) await sql`select pg_advisory_xact_lock(${branchLoadLock})`.execute(trx);
    if ((await loadedVersion(trx, load.name)) === load.version) return { status: 'already-loaded', rows: records.length };
    const empty = (await trx.selectFrom('bank_branches').select('ifsc').limit(1).executeTakeFirst()) === undefined;
    for (let start = 0; start < records.length; start += branchBatch) {
      const rows = records.slice(start, start + branchBatch).map(toRow);
      await bulkInsert(trx, { table: 'bank_branches', columns: branchColumns, rows, ...(empty ? {} : { conflictColumn: 'ifsc' }) });
    }
    if (empty) await insertWords(trx, records.map(indexedFields));
    else await rebuildWords(trx);
    await trx
      .insertInto('reference_data_versions')
      .values({ name: load.name, version: load.version, row_count: records.length, loaded_at: load.now })
      .onConflict((conflict) => conflict.column('name').doUpdateSet({ version: load.version, row_count: records.length, loaded_at: load.now }))
      .execute();
    return { status: 'loaded', rows: records.length };
  });
}

export async function countBranches(db: Kysely<BankDatabase>): Promise<number> {
  const row = await db.selectFrom('bank_branches').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Bank codes that have at least one branch in the directory. */
export async function bankCodesWithBranches(db: Kysely<BankDatabase>): Promise<string[]> {
  const rows = await db.selectFrom('bank_branches').select('bank_code').distinct().execute();
  return rows.map((row) => row.bank_code);
}

/**
 * The directory's banks for the bank list: each code with branches, named from its rows' bank column
 * where the `ifsc` package has no name for it ('' when no row names it either). Read once at start.
 */
export async function directoryBanks(db: Kysely<BankDatabase>): Promise<Bank[]> {
  const codes = await bankCodesWithBranches(db);
  const unnamed = codes.filter((code) => bankName(code) === undefined);
  const names = new Map<string, string>();
  if (unnamed.length > 0) {
    const rows = await db
      .selectFrom('bank_branches')
      .select((eb) => ['bank_code', eb.fn.max('bank').as('bank')])
      .where('bank_code', 'in', unnamed)
      .where('bank', '<>', '')
      .groupBy('bank_code')
      .execute();
    for (const row of rows) names.set(row.bank_code, row.bank);
  }
  return codes.map((code) => ({ code, name: bankName(code) ?? names.get(code) ?? '' }));
}
