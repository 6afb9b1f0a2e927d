import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankDb } from '../../../server/bank/bank-tables';
import { parseBranchCsv } from '../../../server/bank/branch-records';
import { countBranches, loadBranches } from '../../../server/bank/repositories/branch-store';
import { createDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import { branchFixture } from '../bank-fixtures';
import { type TestDatabase, createTestDatabase } from '../test-database';

/** Instances started together on one fresh PostgreSQL database each load the branch directory on first start. */
describe.skipIf(!process.env.ONBOARD_TEST_POSTGRES_URL)('the branch directory, loaded by several instances at once (PostgreSQL)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  it('one instance loads it, the others wait and find it loaded: no start fails on a duplicate row', async () => {
    const { records } = parseBranchCsv(readFileSync(branchFixture, 'utf8'));
    const connections = [0, 1, 2].map(() => createDatabase({ dataDir: '', databaseUrl: database.url }));
    const instances = connections.map(bankDb);
    try {
      await migrateToLatest(connections[0]!);
      const load = { name: 'bank_branches_snapshot', version: 'fixture-1', now: Date.now() };
      const results = await Promise.all(instances.map((db) => loadBranches(db, records, load)));
      expect(results.map((result) => result.status).sort()).toEqual(['already-loaded', 'already-loaded', 'loaded']);
      expect(await countBranches(instances[0]!)).toBe(records.length);
    } finally {
      await Promise.all(connections.map((db) => db.destroy()));
    }
  });
});
