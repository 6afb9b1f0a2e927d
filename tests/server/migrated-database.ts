import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, sqliteFileName } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { type TestDatabase, createPostgresDatabase, createTestDatabase, databaseUrl, dropTestDatabase } from './test-database';

/**
 * A database with every migration applied, made once per test file (at its first test app) by the server's own migrateToLatest, and
 * copied for each test app: migrating a fresh PostgreSQL database took ~1 s of every app's start (SQLite ~40 ms),
 * hundreds of times a run. Each app's start still runs migrateToLatest, which finds them applied; the migrations
 * step by step on empty and populated databases are tests/server/db/migrations.test.ts's.
 */
type Template = { kind: 'postgres'; name: string } | { kind: 'sqlite'; dir: string };

let template: Promise<Template> | undefined;

async function makeTemplate(): Promise<Template> {
  const dir = mkdtempSync(join(tmpdir(), 'onboard-migrated-'));
  const adminUrl = process.env.ONBOARD_TEST_POSTGRES_URL;
  const name = `onboard_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  if (adminUrl) await createPostgresDatabase(adminUrl, name);
  const db = createDatabase({ dataDir: dir, databaseUrl: adminUrl ? databaseUrl(adminUrl, name) : undefined });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  if (!adminUrl) return { kind: 'sqlite', dir };
  rmSync(dir, { recursive: true, force: true });
  return { kind: 'postgres', name };
}

/** Drops this file's template: tests/setup-node.ts calls it after each test file. */
export async function dropMigratedTemplate(): Promise<void> {
  const made = await template?.catch(() => undefined);
  template = undefined;
  if (made?.kind === 'postgres') await dropTestDatabase(made.name);
  if (made?.kind === 'sqlite') rmSync(made.dir, { recursive: true, force: true });
}

/** A test app's database, migrated: PostgreSQL with ONBOARD_TEST_POSTGRES_URL, else SQLite put into `dataDir`. */
export async function migratedTestDatabase(dataDir: string): Promise<TestDatabase> {
  template ??= makeTemplate();
  const made = await template;
  if (made.kind === 'postgres') return createTestDatabase(made.name);
  // The file, and its write-ahead log should closing have left one.
  for (const file of [sqliteFileName, `${sqliteFileName}-wal`]) {
    if (existsSync(join(made.dir, file))) copyFileSync(join(made.dir, file), join(dataDir, file));
  }
  return createTestDatabase();
}
