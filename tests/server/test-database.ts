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

/** `template`: a PostgreSQL database to copy (CREATE DATABASE ... TEMPLATE); empty when left out. */
export async function createTestDatabase(template?: string): Promise<TestDatabase> {
  const adminUrl = process.env.ONBOARD_TEST_POSTGRES_URL;
  if (!adminUrl) return { url: undefined, drop: async () => {} };
  const name = `onboard_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await createPostgresDatabase(adminUrl, name, template);
  return {
    url: databaseUrl(adminUrl, name),
    drop: () => withAdmin(adminUrl, (admin) => dropWhenClosed(admin, name)),
  };
}

/** Database `name`, empty or a copy of `template`, on the server of `adminUrl`. */
export async function createPostgresDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  await withAdmin(adminUrl, (admin) => (template ? createFromTemplate(admin, name, template) : admin.query(`CREATE DATABASE ${name}`)));
}

/** The URL of database `name` on the server of `adminUrl`, as the same role. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A copy needs its template free of connections, and pg's Pool.end() resolves before its sockets close (see
 * dropWhenClosed): retried while the template's last connections close.
 */
async function createFromTemplate(admin: pg.Client, name: string, template: string): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (error) {
      // 55006: the template is still being accessed.
      if ((error as { code?: string }).code !== '55006' || attempt >= 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** Drops database `name` (a test's, or a template) once its connections have closed. */
export async function dropTestDatabase(name: string): Promise<void> {
  const adminUrl = process.env.ONBOARD_TEST_POSTGRES_URL;
  if (adminUrl) await withAdmin(adminUrl, (admin) => dropWhenClosed(admin, name));
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
