import { join } from 'node:path';
import { buildApp } from '../../server/app';

/**
 * The app in a process of its own, for tests that kill it: SQLite in DATA_DIR (or DATABASE_URL), sandbox
 * providers without delay, no branch directory (seconds to load, not what these tests are about), behind a
 * trusted proxy. Prints one line, `listening <url>`, once it accepts connections.
 */
const dataDir = process.env.DATA_DIR ?? '';
const app = await buildApp({
  dataDir,
  databaseUrl: process.env.DATABASE_URL || undefined,
  sandboxDelayMs: 0,
  secret: 'child-server-secret',
  trustProxy: true,
  staticDir: join(dataDir, 'no-client-build'),
  bank: { branchSnapshot: false },
});
const url = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`listening ${url}\n`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
