import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';

/** `npm start` as a newcomer runs it: rebuilds the client when sources changed, then serves app and API on one port. */
it('npm start rebuilds a stale client, serves app, API and sandbox outbox on one port, and stops cleanly on SIGTERM', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'onboard-start-'));
  const port = 40_000 + Math.floor(Math.random() * 10_000);
  // A source newer than dist/ makes the start script build first, as after a fresh clone.
  const now = new Date();
  utimesSync('index.html', now, now);
  const child = spawn('node_modules/.bin/tsx', ['scripts/start.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const deadline = Date.now() + 60_000;
    while (!output.includes('Onboard is running at') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(output).toContain('Client sources changed: rebuilding');
    expect(output).toContain(`Onboard is running at http://127.0.0.1:${port}`);
    expect(output).toContain(`Sandbox outbox (SMS and email codes): http://127.0.0.1:${port}/dev/outbox`);

    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect((await fetch(`${base}/api/dev/outbox?to=9876543210`)).status).toBe(200);
    const page = await fetch(`${base}/personal-details`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    // The page as built: prerendered for this route (its markup inside #root), or the plain shell.
    expect(await page.text()).toMatch(/<div id="root"[ >]/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  } finally {
    child.kill('SIGTERM');
    const code = await exited;
    rmSync(dataDir, { recursive: true, force: true });
    expect(code).toBe(0);
  }
});
