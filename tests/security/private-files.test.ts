import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sqliteFileName } from '../../server/db/database';
import { secretFileName } from '../../server/platform/app-secret';
import { documentsFolderName } from '../../server/documents/uploads/document-storage';
import { signIn, startTestApp } from '../server/helpers';

/** The database files and the data folder are private to the server's user (issue 19), like the secrets. */

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);
const sqlite = !process.env.ONBOARD_TEST_POSTGRES_URL;

function newDataDir(): string {
  const root = mkdtempSync(join(tmpdir(), 'onboard-private-'));
  roots.push(root);
  return join(root, 'data');
}

async function startAndWrite(dataDir: string): Promise<void> {
  const t = await startTestApp({ dataDir, secret: undefined });
  try {
    // A sign-in writes to the database, so the write-ahead log exists.
    await signIn(t);
    const files = { dataDir, secret: join(dataDir, secretFileName), documentsKey: join(dataDir, 'documents.key'), documents: join(dataDir, documentsFolderName) };
    const modes: Record<string, string> = Object.fromEntries(Object.entries(files).map(([name, path]) => [name, modeOf(path)]));
    const expected: Record<string, string> = { dataDir: '700', secret: '600', documentsKey: '600', documents: '700' };
    if (sqlite) {
      const db = join(dataDir, sqliteFileName);
      Object.assign(modes, { db: modeOf(db), wal: modeOf(`${db}-wal`), shm: modeOf(`${db}-shm`) });
      Object.assign(expected, { db: '600', wal: '600', shm: '600' });
    }
    expect(modes).toEqual(expected);
  } finally {
    await t.close();
  }
}

describe('private files', () => {
  it('a new data folder is 0700; onboard.db, -wal and -shm 0600 (as the secrets)', async () => {
    await startAndWrite(newDataDir());
  });

  it('a data folder an older version left open is tightened at start', async () => {
    const dataDir = newDataDir();
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    if (sqlite) {
      const db = join(dataDir, sqliteFileName);
      for (const path of [db, `${db}-wal`, `${db}-shm`]) writeFileSync(path, '', { mode: 0o644 });
      for (const path of [db, `${db}-wal`, `${db}-shm`]) chmodSync(path, 0o644);
    }
    await startAndWrite(dataDir);
  });
});
