import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import type { Database } from '../../../server/db/schema';
import { createSimulatorStore } from '../../../server/providers/simulator-store';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let db: Kysely<Database>;
let database: TestDatabase;
const dir = mkdtempSync(join(tmpdir(), 'onboard-sim-store-'));
let now = 1_000;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase({ dataDir: dir, databaseUrl: database.url });
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('simulator-store: a vendor simulator\'s records in sim_records', () => {
  it('inserts once, reads back, updates, lists newest first, deletes; vendors never see each other\'s records', async () => {
    const cams = createSimulatorStore(db, 'cams', () => now);
    const cvl = createSimulatorStore(db, 'cvl', () => now);
    expect(await cams.insert('password', 'u1', { encrypted: 'A' })).toBe(true);
    expect(await cams.insert('password', 'u1', { encrypted: 'B' })).toBe(false);
    expect(await cams.get('password', 'u1')).toEqual({ encrypted: 'A' });
    expect(await cvl.get('password', 'u1')).toBeUndefined();
    now += 10;
    await cams.put('password', 'u2', { encrypted: 'C' });
    expect(await cams.update<{ encrypted: string }>('password', 'u1', (record) => ({ encrypted: `${record.encrypted}!` }))).toEqual({ encrypted: 'A!' });
    expect(await cams.update('password', 'missing', (record) => record)).toBeUndefined();
    expect((await cams.list<{ encrypted: string }>('password')).map((row) => [row.id, row.data.encrypted])).toEqual([
      ['u1', 'A!'],
      ['u2', 'C'],
    ]);
    await cams.delete('password', 'u1');
    expect(await cams.get('password', 'u1')).toBeUndefined();
  });

  it('concurrent updates of one record all land (each re-reads what the other wrote)', async () => {
    const store = createSimulatorStore(db, 'counter', () => now);
    await store.put('count', 'c', { n: 0 });
    await Promise.all(Array.from({ length: 4 }, () => store.update<{ n: number }>('count', 'c', (record) => ({ n: record.n + 1 }))));
    expect(await store.get('count', 'c')).toEqual({ n: 4 });
  });
});
