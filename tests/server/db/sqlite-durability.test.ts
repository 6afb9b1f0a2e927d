import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { repoRoot } from '../../../server/config/load-config';
import { createDatabase } from '../../../server/db/database';

/**
 * The child server (tests/server/child-server.ts) and the address it prints once listening. One process: node with
 * tsx's loader (tsx's own CLI would start the server as a grandchild, which a SIGKILL to the child leaves running).
 */
async function startChild(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', 'child-server.ts')], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /listening (\S+)/.exec(out);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`child server exited with ${code} before listening`)));
  });
  return { child, url };
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('SQLite durability (WAL, synchronous=NORMAL)', () => {
  it('a server killed with SIGKILL in the middle of load keeps every sign-up it answered 200, and the file is intact', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'onboard-durability-'));
    dirs.push(dataDir);
    const { child, url } = await startChild(dataDir);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const answered: string[] = [];
    let next = 0;
    let killed = false;
    // 24 applicants at a time sign up until the server dies under them: each 200 is a commit the client was told of.
    const client = async () => {
      while (!killed) {
        const n = (next += 1);
        const phone = String(7_100_000_000 + n);
        try {
          const response = await fetch(`${url}/api/signup`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${n >> 8}.${n & 255}` },
            body: JSON.stringify({ phone }),
          });
          if (response.status === 200) answered.push(phone);
          if (answered.length >= 300 && !killed) {
            killed = true;
            child.kill('SIGKILL');
          }
        } catch {
          // the server is gone: the request was in flight when it died
        }
      }
    };
    await Promise.all(Array.from({ length: 24 }, client));
    await exited;
    expect(answered.length).toBeGreaterThanOrEqual(300);

    const db = createDatabase({ dataDir });
    try {
      // The server's choice, read back the way its own connection sets it (synchronous is per connection).
      expect((await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db)).rows[0]?.journal_mode).toBe('wal');
      expect((await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows[0]?.synchronous).toBe(1);
      expect((await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db)).rows[0]?.integrity_check).toBe('ok');
      const users = await db.selectFrom('users').select('phone').where('phone', 'in', answered).execute();
      const codes = await db.selectFrom('outbox').select('recipient').where('recipient', 'in', answered).execute();
      expect(new Set(users.map((row) => row.phone)).size).toBe(answered.length);
      expect(new Set(codes.map((row) => row.recipient)).size).toBe(answered.length);
    } finally {
      await db.destroy();
    }
  }, 60_000);
});
