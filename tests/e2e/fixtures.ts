import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { AppOptions } from '../../server/app-options';
import { sqliteFileName } from '../../server/db/database';
import { findAllStepAnswers, saveStepAnswers, type StepAnswers } from '../../server/platform/repositories/step-store';
import type { Database, UserRow } from '../../server/db/schema';
import type { RejectedSteps } from '../../core/api/types';
import { startServer, type RunningServer } from './server';

/**
 * Browser tests reach a later step without walking the screens before it by setting the applicant's progress in
 * the database. The server runs on a data folder we own, and a second SQLite handle (WAL mode,
 * so the server's connection is not blocked) reads and writes the users table.
 */
export interface ServerWithDb {
  server: RunningServer;
  db: Kysely<Database>;
  /** The server's DATA_DIR (its SQLite file), for commands run beside it (npm run config:release). */
  dataDir: string;
  close(): Promise<void>;
}

export async function startServerWithDb(options: AppOptions = {}): Promise<ServerWithDb> {
  const dataDir = mkdtempSync(join(tmpdir(), 'onboard-e2e-db-'));
  const server = await startServer({ ...options, dataDir });
  const database = new SqliteDatabase(join(dataDir, sqliteFileName));
  database.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return {
    server,
    db,
    dataDir,
    async close() {
      await db.destroy();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The back office's token for servers started with `startServerWithBackOffice`. */
export const opsToken = 'ops-e2e-token-0123456789abcdef0123456789abcdef';

/** A server (no branch directory, unless `options` say otherwise) whose back-office API the test may call with `opsPost`. */
export const startServerWithBackOffice = (options: AppOptions = { bank: { branchSnapshot: false } }): Promise<ServerWithDb> =>
  startServerWithDb({ ...options, opsToken });

/** POST to the back-office API (`/api/ops/...`) as the back office would, with its bearer token. */
export function opsPost(env: ServerWithDb, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${opsToken}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${env.server.url}/api/ops/${path}`, { method: 'POST', headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
}

export interface Progress {
  currentStep: string | null;
  nextStep: string;
  rejectedSteps?: RejectedSteps;
}

/** Puts the applicant with this phone at `nextStep` (and optionally rejects steps), as back-office work would. */
export async function setProgress(db: Kysely<Database>, phone: string, progress: Progress): Promise<void> {
  const result = await db
    .updateTable('users')
    .set({
      current_step: progress.currentStep,
      next_step: progress.nextStep,
      ...(progress.rejectedSteps ? { rejected_steps: JSON.stringify(progress.rejectedSteps) } : {}),
    })
    .where('phone', '=', phone)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new Error(`no applicant with phone ${phone}`);
}

export async function userByPhone(db: Kysely<Database>, phone: string): Promise<UserRow> {
  const user = await db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
  if (!user) throw new Error(`no applicant with phone ${phone}`);
  return user;
}

/** The applicant's row and the documents their steps stored, by step id, as the database holds them. */
export async function storedByPhone(db: Kysely<Database>, phone: string): Promise<{ row: UserRow; steps: Record<string, StepAnswers> }> {
  const row = await userByPhone(db, phone);
  return { row, steps: await findAllStepAnswers(db, row.id) };
}

/** A verified PAN record, as confirm-pan stores it: the PAN on the row, the registry's record as the step's document. */
export async function setPanRecord(db: Kysely<Database>, phone: string, record: { pan: string; name: string; dateOfBirth: string }): Promise<void> {
  const user = await userByPhone(db, phone);
  await db.updateTable('users').set({ pan: record.pan }).where('id', '=', user.id).execute();
  await saveStepAnswers(db, user.id, 'pan_verification', record, Date.now());
}
