import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { deleteSimRecord, findSimRecord, insertSimRecord, listSimRecords, putSimRecord, replaceSimRecord } from './repositories/sim-records';

/**
 * A simulator's state, kept in the database (table sim_records, migration 090) as the vendor's own database would keep
 * it: every instance on one database sees one vendor, and a restart forgets nothing. Records are JSON, by kind (the
 * vendor's noun: 'request', 'token', 'consent') and id, written and read by the one simulator that owns them.
 */
export interface SimulatorStore {
  get<T>(kind: string, id: string): Promise<T | undefined>;
  /** Adds a record; false (and nothing written) when the id is taken. */
  insert<T>(kind: string, id: string, data: T): Promise<boolean>;
  /** Writes a record, replacing any of the same id. */
  put<T>(kind: string, id: string, data: T): Promise<void>;
  /** The record changed by `change` (read, then written only if nobody changed it since); undefined when absent. */
  update<T>(kind: string, id: string, change: (current: T) => T): Promise<T | undefined>;
  /** Every record of a kind, newest first (at most `limit`, default 100). */
  list<T>(kind: string, limit?: number): Promise<{ id: string; data: T; updatedAt: number }[]>;
  delete(kind: string, id: string): Promise<void>;
}

const maxUpdateTries = 8;

export function createSimulatorStore(db: Kysely<Database>, vendor: string, clock: () => number): SimulatorStore {
  const key = (kind: string, id: string) => ({ vendor, kind, id });
  return {
    async get<T>(kind: string, id: string) {
      const row = await findSimRecord(db, key(kind, id));
      return row ? (JSON.parse(row.data) as T) : undefined;
    },
    insert: (kind, id, data) => insertSimRecord(db, key(kind, id), JSON.stringify(data), clock()),
    put: (kind, id, data) => putSimRecord(db, key(kind, id), JSON.stringify(data), clock()),
    async update<T>(kind: string, id: string, change: (current: T) => T) {
      for (let attempt = 0; attempt < maxUpdateTries; attempt += 1) {
        const seen = await findSimRecord(db, key(kind, id));
        if (!seen) return undefined;
        const next = change(JSON.parse(seen.data) as T);
        // Conditional on what was read: a concurrent change makes this one read again.
        if (await replaceSimRecord(db, key(kind, id), seen, JSON.stringify(next), clock())) return next;
      }
      throw new Error(`simulator record ${vendor}/${kind} kept changing under an update`);
    },
    async list<T>(kind: string, limit = 100) {
      const rows = await listSimRecords(db, vendor, kind, limit);
      return rows.map((row) => ({ id: row.id, data: JSON.parse(row.data) as T, updatedAt: row.updatedAt }));
    },
    delete: (kind, id) => deleteSimRecord(db, key(kind, id)),
  };
}
