import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { IfscLookup } from '../providers/ifsc/ifsc';
import type { PennyDrop } from '../providers/penny-drop/penny-drop';
import type { ReversePennyDrop } from '../providers/upi-rpd/upi-rpd';
import { type Bank, bankList } from './bank-directory';
import { type BankDatabase, bankDb } from './bank-tables';
import { ensureBranchSnapshot, findBranchSnapshot } from './branch-snapshot';
import { directoryBanks } from './repositories/branch-store';

export interface BankOptions {
  /** Branch snapshot loaded on first start; default the committed one; false loads none (tests that need no branches). */
  branchSnapshot?: string | false;
  /** How long a UPI payment request waits for its payment; default 10 minutes. */
  rpdTtlMs?: number;
}

/** What the bank routes share; built once per app by createBank. */
export interface BankServices {
  db: Kysely<BankDatabase>;
  pennyDrop: PennyDrop;
  ifscLookup: IfscLookup;
  rpd: ReversePennyDrop;
  /** GET /utils/bank, sorted; fixed at start (an import shows new banks after a restart). */
  banks: readonly Bank[];
  bankCodes: ReadonlySet<string>;
  rpdTtlMs: number;
  /** Start-up notes for the app's log (it does not exist yet when the bank is set up). */
  startupNotes: { level: 'info' | 'warn'; message: string }[];
}

/** The clock and the bank's providers (server/providers: chosen by the environment, simulated when unset). */
export interface BankSetup {
  clock: () => number;
  pennyDrop: PennyDrop;
  ifscLookup: IfscLookup;
  rpd: ReversePennyDrop;
}

export const defaultRpdTtlMs = 10 * 60_000;

/** Loads the branch snapshot when this database lacks its version. */
export async function createBank(database: Kysely<Database>, options: BankOptions, setup: BankSetup): Promise<BankServices> {
  const db = bankDb(database);
  const startupNotes: BankServices['startupNotes'] = [];
  const snapshot = options.branchSnapshot ?? findBranchSnapshot();
  if (snapshot !== false) {
    const load = await ensureBranchSnapshot(db, snapshot, setup.clock());
    if (load.status === 'loaded') {
      startupNotes.push({ level: 'info', message: `bank branch snapshot ${load.version} loaded: ${load.rows} branches in ${Math.round(load.ms)} ms` });
    }
  }
  const banks = bankList(await directoryBanks(db));
  return {
    db,
    pennyDrop: setup.pennyDrop,
    ifscLookup: setup.ifscLookup,
    rpd: setup.rpd,
    banks,
    bankCodes: new Set(banks.map((bank) => bank.code)),
    rpdTtlMs: options.rpdTtlMs ?? defaultRpdTtlMs,
    startupNotes,
  };
}
