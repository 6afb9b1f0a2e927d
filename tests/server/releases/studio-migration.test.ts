import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely';
import { expect, it } from 'vitest';
import { createDatabase } from '../../../server/db/database';
import { migrateToLatest, migrations } from '../../../server/db/migrate';
import { createTestDatabase } from '../test-database';

/**
 * Migration 161 on SQLite, or PostgreSQL with ONBOARD_TEST_POSTGRES_URL: drafts scheduled before it (the time in their
 * latest 'scheduled' event's note) get it in publish_at; one left 'publishing' gets a claim as old as its last change.
 */
it('moves a scheduled time out of the history note into publish_at, and dates a claim made before leases', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'onboard-studio-migration-'));
  const database = await createTestDatabase();
  const db = createDatabase({ dataDir: dir, databaseUrl: database.url });
  try {
    const upTo160 = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '161'));
    expect((await new Migrator({ db, provider: { getMigrations: async () => upTo160 } }).migrateToLatest()).error).toBeUndefined();
    const draft = (id: string, status: string) => ({ id, author: 'priya', purpose: id, base_release: 1, changes: '{}', version: 3, status, published_release: null, created_at: 1, updated_at: 50 });
    await db.insertInto('config_drafts').values([draft('later', 'scheduled'), draft('claimed', 'publishing'), draft('waiting', 'proposed')] as never).execute();
    const event = (id: string, draftId: string, at: number, note: string) => ({ id, draft_id: draftId, at, actor: 'neha', action: 'scheduled', note });
    await db
      .insertInto('config_draft_events')
      .values([
        event('e1', 'later', 10, 'publishes at 2099-01-15T05:00:00.000Z: first try'),
        event('e2', 'later', 20, 'publishes at 2099-01-15T06:30:00.000Z'),
        event('e3', 'claimed', 30, 'publishes at 2026-11-29T04:30:00.000Z'),
        event('e4', 'waiting', 40, 'publishes at 2026-11-29T04:30:00.000Z'),
      ])
      .execute();

    await migrateToLatest(db);
    const rows = await db.selectFrom('config_drafts').select(['id', 'publish_at', 'claimed_at']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'claimed', publish_at: Date.parse('2026-11-29T04:30:00.000Z'), claimed_at: 50 },
      { id: 'later', publish_at: Date.parse('2099-01-15T06:30:00.000Z'), claimed_at: null },
      { id: 'waiting', publish_at: null, claimed_at: null },
    ]);
  } finally {
    await db.destroy();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
});
