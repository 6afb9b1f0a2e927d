import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import * as initial from '../../server/db/migrations/001-initial';
import type { Database } from '../../server/db/schema';

const dirs: string[] = [];
const dbs: Kysely<Database>[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.destroy();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function freshDatabase(): Kysely<Database> {
  const dir = mkdtempSync(join(tmpdir(), 'onboard-migrations-'));
  dirs.push(dir);
  const db = createDatabase({ dataDir: dir });
  dbs.push(db);
  return db;
}

function applicant(id: string, pan: string | null) {
  return {
    id,
    phone: `98765${id.padStart(5, '0')}`,
    email: null,
    email_verified: 0,
    pan,
    current_step: null,
    next_step: 'pan_verification',
    segments: '[]',
    rejected_steps: '{}',
    created_at: 1,
    updated_at: 1,
  };
}

describe('migration 002 (PAN checks, declaration, one account per PAN)', () => {
  it('upgrades a database that has applicants from 001', async () => {
    const db = freshDatabase();
    const onlyInitial = new Migrator({ db, provider: { getMigrations: async () => ({ '001-initial': initial }) } });
    expect((await onlyInitial.migrateToLatest()).error).toBeUndefined();
    await db.insertInto('users').values(applicant('1', null)).execute();
    await migrateToLatest(db);
    const row = await db.selectFrom('users').selectAll().where('id', '=', '1').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ phone: '9876500001', other_options_declaration: null, next_step: 'pan_verification' });
    expect((await db.introspection.getTables()).map((table) => table.name)).toContain('pan_checks');
  });

  it('allows many applicants without a PAN, but one PAN only once', async () => {
    const db = freshDatabase();
    await migrateToLatest(db);
    await db.insertInto('users').values([applicant('1', null), applicant('2', null), applicant('3', 'ABCPE1234F')]).execute();
    await expect(db.insertInto('users').values(applicant('4', 'ABCPE1234F')).execute()).rejects.toThrow(/UNIQUE/);
  });

  it('drops pending checks with their applicant', async () => {
    const db = freshDatabase();
    await migrateToLatest(db);
    await db.insertInto('users').values(applicant('1', null)).execute();
    const check = { user_id: '1', pan: 'ABCPE1234F', name: 'RAVI EAPEN', date_of_birth: '01/01/1990', checked_at: 1, expires_at: 2 };
    await db.insertInto('pan_checks').values(check).execute();
    await db.deleteFrom('users').where('id', '=', '1').execute();
    expect(await db.selectFrom('pan_checks').selectAll().execute()).toEqual([]);
  });
});
