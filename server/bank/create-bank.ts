import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { createIfscLookup } from '../providers/ifsc-lookup/create-ifsc-lookup';
import type { IfscLookup } from '../providers/ifsc-lookup/ifsc-lookup';
import { type PennyDropEnv, createPennyDrop } from '../providers/penny-drop/create-penny-drop';
import type { PennyDrop } from '../providers/penny-drop/penny-drop';
import { sandboxPennyDropName } from '../providers/penny-drop/sandbox-penny-drop';
import { createSandboxRpd } from '../providers/upi-rpd/sandbox-upi-rpd';
import type { ReversePennyDrop } from '../providers/upi-rpd/upi-rpd';
import { type Bank, bankList } from './bank-directory';
import { type BankDatabase, bankDb } from './bank-tables';
import { ensureBranchSnapshot, findBranchSnapshot } from './branch-snapshot';
import { directoryBanks } from './repositories/branch-store';

export interface BankEnv extends PennyDropEnv {
  /** IFSC lookup service; unset: Razorpay's public API in production, the offline sandbox elsewhere. */
  IFSC_LOOKUP_URL?: string | undefined;
}

export interface BankOptions {
  /** Branch snapshot loaded on first start; default the committed one; false loads none (tests that need no branches). */
  branchSnapshot?: string | false;
  pennyDrop?: PennyDrop;
  ifscLookup?: IfscLookup;
  rpd?: ReversePennyDrop;
  env?: BankEnv;
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

export interface BankSetup {
  production: boolean;
  clock: () => number;
  /** Sandbox latency; the providers' defaults when unset, 0 in tests. */
  sandboxDelayMs?: number | undefined;
}

export const defaultRpdTtlMs = 10 * 60_000;

/** Loads the branch snapshot when this database lacks its version, and chooses the providers. */
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
  const env = options.env ?? {};
  const delay = setup.sandboxDelayMs === undefined ? {} : { delayMs: setup.sandboxDelayMs };
  const pennyDrop = options.pennyDrop ?? createPennyDrop(env, delay);
  if (setup.production && pennyDrop.name === sandboxPennyDropName) {
    startupNotes.push({ level: 'warn', message: 'production mode with the sandbox penny drop: bank accounts are not checked with the bank' });
  }
  const banks = bankList(await directoryBanks(db));
  return {
    db,
    pennyDrop,
    ifscLookup: options.ifscLookup ?? createIfscLookup(env.IFSC_LOOKUP_URL, setup.production),
    rpd: options.rpd ?? createSandboxRpd(delay),
    banks,
    bankCodes: new Set(banks.map((bank) => bank.code)),
    rpdTtlMs: options.rpdTtlMs ?? defaultRpdTtlMs,
    startupNotes,
  };
}
