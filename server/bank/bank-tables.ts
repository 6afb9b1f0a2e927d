import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Tables of bank linking (migrations 010, 011 and 097), kept apart from db/schema.ts so this module adds
 * files only; `bankDb(db)` widens the app's Kysely instance with them.
 */

/** Which version of a reference data set (e.g. the branch snapshot) the database holds. */
export type ReferenceDataVersionsTable = {
  name: string;
  version: string;
  row_count: number;
  loaded_at: number;
};

/** One bank branch; empty string = not known. */
export type BankBranchesTable = {
  ifsc: string;
  bank_code: string;
  bank: string;
  branch: string;
  address: string;
  city: string;
  district: string;
  state: string;
  micr: string;
  contact: string;
};

/** Search index: each word (first 12 characters) of a branch's name, address and city. */
export type BankBranchWordsTable = {
  bank_code: string;
  word: string;
  ifsc: string;
};

/** A UPI reverse penny drop request: pending until a payment arrives or it expires. */
export type RpdRequestsTable = {
  id: string;
  user_id: string;
  step_id: string;
  status: 'pending' | 'success' | 'failure';
  provider: string;
  intent_link: string;
  /** The code of its message in flow-config/messages.json, worded in the language of whoever asks (words in older rows). */
  message: string;
  /** The payment that resolved it; unique, so a repeated delivery cannot resolve a second request. */
  payment_id: string | null;
  /** The vendor's id of the request (migration 097): its webhooks and status answers name it; null in older rows. */
  vendor_request_id: string | null;
  /** When the vendor was last asked for its status; null until then. */
  checked_at: number | null;
  created_at: number;
  expires_at: number;
  resolved_at: number | null;
};

export type BankTables = {
  reference_data_versions: ReferenceDataVersionsTable;
  bank_branches: BankBranchesTable;
  bank_branch_words: BankBranchWordsTable;
  rpd_requests: RpdRequestsTable;
};

export type BankDatabase = Database & BankTables;

export function bankDb(db: Kysely<Database>): Kysely<BankDatabase> {
  return db.withTables<BankTables>();
}
