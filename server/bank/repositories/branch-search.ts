import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { BankDatabase } from '../bank-tables';
import { maxBranchQueryLength, searchWords } from '../branch-records';

/** A branch as the API answers it (spec: ifsc, name, address, city, district, state, code). */
export interface BranchView {
  ifsc: string;
  /** Branch name; empty where the source has none (all State Bank of India rows). */
  name: string;
  address: string;
  city: string;
  district: string;
  state: string;
  /** The bank's code. */
  code: string;
  bank: string;
  micr: string;
  contact: string;
}

/** At most this many branches per answer: enough to pick from, small enough for a phone. */
export const branchResultLimit = 100;

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The smallest text after every text that starts with `prefix` (letters and digits only), or undefined
 * when there is none. Digits sort before letters in SQLite's binary order and in PostgreSQL's usual
 * collations alike, so the range `>= prefix and < end` is an index range on both.
 */
export function prefixEnd(prefix: string): string | undefined {
  for (let i = prefix.length - 1; i >= 0; i -= 1) {
    const next = alphabet[alphabet.indexOf(prefix.charAt(i)) + 1];
    if (next) return prefix.slice(0, i) + next;
  }
  return undefined;
}

type Query<O> = SelectQueryBuilder<BankDatabase, keyof BankDatabase, O>;

function startingWith<O>(query: Query<O>, column: 'ifsc' | 'word', prefix: string): Query<O> {
  const end = prefixEnd(prefix);
  const from = query.where(sql.ref(column), '>=', prefix);
  return end === undefined ? from : from.where(sql.ref(column), '<', end);
}

/** IFSCs of `bankCode` starting with `prefix`, first `limit` by IFSC. */
async function byIfscPrefix(db: Kysely<BankDatabase>, bankCode: string, prefix: string, limit: number): Promise<string[]> {
  const query = db.selectFrom('bank_branches').select('ifsc').where('bank_code', '=', bankCode) as Query<{ ifsc: string }>;
  const rows = await startingWith(query, 'ifsc', prefix).orderBy('ifsc').limit(limit).execute();
  return rows.map((row) => row.ifsc);
}

/** IFSCs of `bankCode` with, for every word of the query, a word starting with it; first `limit` by IFSC. */
async function byWords(db: Kysely<BankDatabase>, bankCode: string, words: string[], limit: number): Promise<string[]> {
  const [first, ...rest] = words;
  if (first === undefined) return [];
  const matching = (word: string) =>
    startingWith(db.selectFrom('bank_branch_words').select('ifsc').where('bank_code', '=', bankCode) as Query<{ ifsc: string }>, 'word', word);
  let query = matching(first);
  for (const word of rest) query = query.where('ifsc', 'in', matching(word));
  const rows = await query.distinct().orderBy('ifsc').limit(limit).execute();
  return rows.map((row) => row.ifsc);
}

async function branchesByIfsc(db: Kysely<BankDatabase>, bankCode: string, codes: string[]): Promise<BranchView[]> {
  if (codes.length === 0) return [];
  const rows = await db.selectFrom('bank_branches').selectAll().where('bank_code', '=', bankCode).where('ifsc', 'in', codes).orderBy('ifsc').execute();
  return rows.map((row) => ({
    ifsc: row.ifsc,
    name: row.branch,
    address: row.address,
    city: row.city,
    district: row.district,
    state: row.state,
    code: row.bank_code,
    bank: row.bank,
    micr: row.micr,
    contact: row.contact,
  }));
}

/**
 * Branches of `bankCode` matching `q`, sorted by IFSC: an IFSC prefix, or words of the branch name,
 * address or city (each query word a prefix of one of them, two characters or more). Empty `q`: the
 * bank's first branches. Callers bound `q` to 12 characters.
 */
export async function searchBranches(db: Kysely<BankDatabase>, bankCode: string, q: string, limit = branchResultLimit): Promise<BranchView[]> {
  const text = q.trim().toUpperCase().slice(0, maxBranchQueryLength);
  const words = searchWords(text);
  const [ifscMatches, wordMatches] = await Promise.all([
    /^[A-Z0-9]*$/.test(text) ? byIfscPrefix(db, bankCode, text, limit) : Promise.resolve([]),
    byWords(db, bankCode, words, limit),
  ]);
  const codes = [...new Set([...ifscMatches, ...wordMatches])].sort().slice(0, limit);
  return branchesByIfsc(db, bankCode, codes);
}

/** One branch by IFSC from the directory. */
export async function findBranch(db: Kysely<BankDatabase>, ifsc: string): Promise<BranchView | undefined> {
  const row = await db.selectFrom('bank_branches').select('bank_code').where('ifsc', '=', ifsc).executeTakeFirst();
  if (!row) return undefined;
  return (await branchesByIfsc(db, row.bank_code, [ifsc]))[0];
}
