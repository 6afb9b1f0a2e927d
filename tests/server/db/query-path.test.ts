import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from '../../../server/db/compiled-once';
import { createDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import { queryCounts } from '../../../server/db/query-stats';
import type { Database } from '../../../server/db/schema';
import { createTurnQueue } from '../../../server/platform/applicant-turns';
import { takeTurn } from '../../../server/platform/repositories/applicant-turns';
import { createUserIfMissing, lockApplicant, moveUserSteps } from '../../../server/platform/repositories/users';
import { createTestDatabase, type TestDatabase } from '../test-database';

/** The database layer's hot path (issue 33): queries compiled once, rows returned by the write, statements counted. */
describe('the query path', () => {
  let root: string;
  let database: TestDatabase;
  let db: Kysely<Database>;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'onboard-query-path-'));
    database = await createTestDatabase();
    db = createDatabase({ dataDir: root, databaseUrl: database.url });
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
    rmSync(root, { recursive: true, force: true });
  });

  const applicant = (phone: string, nextStep: string | null = 'email_verification') => createUserIfMissing(db, { phone, nextStep, referrer: null, source: null, now: 1 });

  it('a query compiled once runs with each call its own arguments, constants kept, in a transaction too', async () => {
    const [first, second] = [await applicant('9000000001'), await applicant('9000000002')];
    const byPhoneAndStep = compiledOnce((on, phone: string, nextStep: string) => on.selectFrom('users').select(['id', 'phone']).where('phone', '=', phone).where('next_step', '=', nextStep).where('email_verified', '=', 0));
    expect((await byPhoneAndStep(db, '9000000001', 'email_verification')).rows).toEqual([{ id: first.id, phone: '9000000001' }]);
    expect((await byPhoneAndStep(db, '9000000002', 'email_verification')).rows).toEqual([{ id: second.id, phone: '9000000002' }]);
    expect((await byPhoneAndStep(db, '9000000002', 'pan_verification')).rows).toEqual([]);
    const inTransaction = await db.transaction().execute(async (trx) => (await byPhoneAndStep(trx, '9000000001', 'email_verification')).rows);
    expect(inTransaction).toEqual([{ id: first.id, phone: '9000000001' }]);
  });

  it('a move returns the row as moved, and nothing when the applicant was no longer where the caller saw them', async () => {
    const user = await applicant('9000000003');
    const moved = await moveUserSteps(db, user.id, 'email_verification', { currentStep: 'email_verification', nextStep: 'pan_verification' }, 5);
    expect({ current: moved?.current_step, next: moved?.next_step, updatedAt: Number(moved?.updated_at), submittedAt: moved?.submitted_at }).toEqual({ current: 'email_verification', next: 'pan_verification', updatedAt: 5, submittedAt: null });
    expect(await moveUserSteps(db, user.id, 'email_verification', { currentStep: 'email_verification', nextStep: 'pan_verification' }, 6)).toBeUndefined();
    const submitted = await moveUserSteps(db, user.id, 'pan_verification', { currentStep: 'pan_verification', nextStep: 'verification_pending', submitted: true }, 7);
    expect(Number(submitted?.submitted_at)).toBe(7);
    const locked = await db.transaction().execute((trx) => lockApplicant(trx, user.id));
    expect({ next: locked?.next_step, updatedAt: Number(locked?.updated_at) }).toEqual({ next: 'verification_pending', updatedAt: 7 });
  });

  it('counts every statement sent, begin and commit included, and each transaction', async () => {
    const before = { ...queryCounts };
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom('users').select('id').execute();
      await trx.selectFrom('users').select('phone').execute();
    });
    await db.selectFrom('users').select('id').execute();
    expect({ queries: queryCounts.queries - before.queries, transactions: queryCounts.transactions - before.transactions }).toEqual({ queries: 5, transactions: 1 });
  });

  it("a turn of this process's queue knows whether the applicant's row read before it may have changed: only when a turn of theirs ended since", async () => {
    const queue = createTurnQueue();
    const turn = (key: string, readAt: number) => queue.run(key, Infinity, () => new Error('timeout'), async (start) => start.changedSince(readAt));
    const readAt = performance.now();
    expect(await turn('a', readAt)).toBe(false);
    expect(await turn('a', readAt)).toBe(true);
    expect(await turn('b', readAt)).toBe(false);
    expect(await turn('a', performance.now())).toBe(false);
  });

  it.skipIf(!process.env.ONBOARD_TEST_POSTGRES_URL)('PostgreSQL: a statement with parameters is prepared once per connection and reused, also after it failed', async () => {
    const user = await applicant('9000000005');
    const byId = (on: Kysely<Database>) => on.selectFrom('users').select('phone').where('id', '=', user.id);
    const insert = (on: Kysely<Database>, id: string) => on.insertInto('users').values({ ...user, id, updated_at: 1 });
    const prepared = await db.connection().execute(async (connection) => {
      expect(await byId(connection).executeTakeFirst()).toEqual({ phone: '9000000005' });
      expect(await byId(connection).executeTakeFirst()).toEqual({ phone: '9000000005' });
      // A refused insert (the phone is taken) leaves its statement prepared and usable.
      await expect(insert(connection, 'duplicate').execute()).rejects.toThrow(/unique/);
      await expect(insert(connection, 'duplicate-again').execute()).rejects.toThrow(/unique/);
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(connection);
      return rows.map((row) => row.statement);
    });
    const times = (text: string) => prepared.filter((statement) => statement === text).length;
    expect({ select: times(byId(db).compile().sql), insert: times(insert(db, 'x').compile().sql) }).toEqual({ select: 1, insert: 1 });
  });

  it.skipIf(!process.env.ONBOARD_TEST_POSTGRES_URL)('PostgreSQL: taking a turn reads the applicant as the last turn left them; a held turn is not taken', async () => {
    const user = await applicant('9000000004');
    const taken = await takeTurn(db, user.id, 'first', 1_000, 60_000);
    expect({ taken: taken.taken, next: taken.user?.next_step }).toEqual({ taken: true, next: 'email_verification' });
    await moveUserSteps(db, user.id, 'email_verification', { currentStep: 'email_verification', nextStep: 'pan_verification' }, 2_000);
    expect(await takeTurn(db, user.id, 'second', 2_000, 60_000)).toEqual({ taken: false, user: undefined });
    const afterLease = await takeTurn(db, user.id, 'second', 62_000, 60_000);
    expect({ taken: afterLease.taken, next: afterLease.user?.next_step }).toEqual({ taken: true, next: 'pan_verification' });
  });
});
