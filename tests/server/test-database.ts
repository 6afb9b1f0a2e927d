import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Where a test app keeps its data. By default SQLite in the test's temp dir (no URL). With
 * ONBOARD_TEST_POSTGRES_URL (a role allowed to create databases), each test app gets a fresh
 * PostgreSQL database of its own, dropped again on close: the same tests prove the same code on both.
 */
export interface TestDatabase {
  url: string | undefined;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.ONBOARD_TEST_POSTGRES_URL;
  if (!adminUrl) return { url: undefined, drop: async () => {} };
  const name = `onboard_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin(adminUrl, (admin) => dropWhenClosed(admin, name)),
  };
}

/**
 * pg's Pool.end() resolves before its clients' sockets close; a forced drop then kills those
 * connections mid-close and pg raises an uncaught 'terminating connection' error. So: a plain drop,
 * retried while the last connections close, and FORCE only after two seconds.
 */
async function dropWhenClosed(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (error) {
      // 55006: the database is still being accessed.
      if ((error as { code?: string }).code !== '55006') throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

async function withAdmin(adminUrl: string, work: (admin: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}
