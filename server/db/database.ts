import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { ensurePrivateDir, ensurePrivateFile, tightenFile } from '../platform/private-files';
import type { Database } from './schema';
import { withPreparedStatements } from './prepared-statements';
import { answerQueryCountRequests, countingDialect } from './query-stats';
import { withStatementCache } from './statement-cache';

export interface DatabaseOptions {
  /** Folder for the embedded SQLite file; created when missing. */
  dataDir: string;
  /** PostgreSQL connection string; when set, SQLite is not used. */
  databaseUrl?: string | undefined;
}

/** A real round trip to the database: resolves only when it answers. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

export const sqliteFileName = 'onboard.db';

/** PostgreSQL int8 (count(*), bigint columns) arrives as a string by default; ms timestamps fit a double. */
const int8Oid = 20;

function createPostgres(url: string): Kysely<Database> {
  pg.types.setTypeParser(int8Oid, (value) => Number(value));
  const pool = withPreparedStatements(new pg.Pool({ connectionString: url }));
  return new Kysely<Database>({ dialect: countingDialect(new PostgresDialect({ pool })) });
}

function createSqlite(dataDir: string): Kysely<Database> {
  ensurePrivateDir(dataDir);
  const file = join(dataDir, sqliteFileName);
  // 0600 before SQLite opens it: SQLite gives the -wal and -shm files the database file's mode.
  ensurePrivateFile(file);
  for (const companion of [`${file}-wal`, `${file}-shm`]) tightenFile(companion);
  const database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  // NORMAL (with WAL): a commit is written to the WAL but not flushed to disk, so no request waits on an fsync on the
  // event loop; the WAL is flushed at each checkpoint. A process that crashes or is killed loses nothing committed
  // (tests/server/db/sqlite-durability.test.ts); a power cut or OS crash may lose the last commits since the checkpoint.
  // Deployments that need every answered request to survive a power cut run on PostgreSQL (README, Production).
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: countingDialect(new SqliteDialect({ database: withStatementCache(database) })) });
}

export function createDatabase(options: DatabaseOptions): Kysely<Database> {
  answerQueryCountRequests();
  return options.databaseUrl ? createPostgres(options.databaseUrl) : createSqlite(options.dataDir);
}
