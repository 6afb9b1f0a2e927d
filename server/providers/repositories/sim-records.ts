import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** SQL of sim_records (migration 090): one vendor simulator's records, by kind and id. simulator-store.ts wraps it. */

export interface SimRecordKey {
  vendor: string;
  kind: string;
  id: string;
}

export interface SimRecordRow {
  data: string;
  updatedAt: number;
}

export async function findSimRecord(db: Kysely<Database>, key: SimRecordKey): Promise<SimRecordRow | undefined> {
  const row = await db
    .selectFrom('sim_records')
    .select(['data', 'updated_at'])
    .where('vendor', '=', key.vendor)
    .where('kind', '=', key.kind)
    .where('id', '=', key.id)
    .executeTakeFirst();
  return row && { data: row.data, updatedAt: Number(row.updated_at) };
}

/** false when the key is taken (nothing written). */
export async function insertSimRecord(db: Kysely<Database>, key: SimRecordKey, data: string, now: number): Promise<boolean> {
  const result = await db
    .insertInto('sim_records')
    .values({ ...key, data, created_at: now, updated_at: now })
    .onConflict((conflict) => conflict.columns(['vendor', 'kind', 'id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function putSimRecord(db: Kysely<Database>, key: SimRecordKey, data: string, now: number): Promise<void> {
  await db
    .insertInto('sim_records')
    .values({ ...key, data, created_at: now, updated_at: now })
    .onConflict((conflict) => conflict.columns(['vendor', 'kind', 'id']).doUpdateSet({ data, updated_at: now }))
    .execute();
}

/** Writes `data` only if the record is still as `seen`; false when somebody changed it since. */
export async function replaceSimRecord(db: Kysely<Database>, key: SimRecordKey, seen: SimRecordRow, data: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('sim_records')
    .set({ data, updated_at: Math.max(now, seen.updatedAt + 1) })
    .where('vendor', '=', key.vendor)
    .where('kind', '=', key.kind)
    .where('id', '=', key.id)
    .where('data', '=', seen.data)
    .where('updated_at', '=', seen.updatedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function listSimRecords(db: Kysely<Database>, vendor: string, kind: string, limit: number): Promise<{ id: string; data: string; updatedAt: number }[]> {
  const rows = await db
    .selectFrom('sim_records')
    .select(['id', 'data', 'updated_at'])
    .where('vendor', '=', vendor)
    .where('kind', '=', kind)
    .orderBy('updated_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, data: row.data, updatedAt: Number(row.updated_at) }));
}

export async function deleteSimRecord(db: Kysely<Database>, key: SimRecordKey): Promise<void> {
  await db.deleteFrom('sim_records').where('vendor', '=', key.vendor).where('kind', '=', key.kind).where('id', '=', key.id).execute();
}
