import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';

/** `npm start` as a newcomer, and an init system, run it: the npm process itself, signalled. */
interface Started {
  npm: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A port the OS has just handed out and released: far less likely to be taken than a random pick. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function npmStart(dataDir: string, port: number, earlier = ''): Started {
  const npm = spawn('npm', ['start'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = earlier;
  npm.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => npm.on('exit', (code, signal) => resolve({ code, signal })));
  return { npm, port, output: () => output, exited };
}

/**
 * `npm start` until it is running. Another process on this shared machine can take the port between
 * our probe and the server's listen (CI once met EADDRINUSE): then npm exits and we start again on a
 * fresh port, keeping the earlier output so a first start's build message still counts.
 */
async function runningStart(dataDir: string, seconds: number): Promise<Started> {
  const deadline = Date.now() + seconds * 1000;
  let output = '';
  for (let attempt = 1; ; attempt += 1) {
    const started = npmStart(dataDir, await freePort(), output);
    while (!started.output().includes('Onboard is running at') && Date.now() < deadline && started.npm.exitCode === null) await new Promise((r) => setTimeout(r, 200));
    const isRunning = started.output().includes(`Onboard is running at http://127.0.0.1:${started.port}`);
    if (isRunning) return started;
    const portTaken = started.npm.exitCode !== null && started.output().includes('EADDRINUSE');
    if (!portTaken || attempt === 3) {
      killAll(started);
      expect(started.output()).toContain(`Onboard is running at http://127.0.0.1:${started.port}`);
    }
    await started.exited;
    output = started.output();
  }
}

/** The processes whose parent is `pid`, with their command lines (from /proc). */
function childrenOf(pid: number): { pid: number; command: string }[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return parent === pid ? [{ pid: Number(name), command: readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ').trim() }] : [];
      } catch {
        return [];
      }
    });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** After a failed check: npm and whatever it started, so no server outlives the test. */
function killAll(started: Started): void {
  if (started.npm.exitCode !== null || started.npm.signalCode !== null) return;
  const pending = [started.npm.pid ?? 0];
  for (let i = 0; i < pending.length; i += 1) pending.push(...childrenOf(pending[i]!).map((child) => child.pid));
  for (const pid of pending.reverse()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** Sends `signal` to npm; npm passes it to the server, which closes; npm exits, and nothing is left on the port. */
async function stopWith(started: Started, signal: NodeJS.Signals, serverPid: number): Promise<void> {
  started.npm.kill(signal);
  const { code } = await started.exited;
  expect(code).toBe(0);
  expect(existsSync(`/proc/${serverPid}`)).toBe(false);
  expect(await portIsFree(started.port)).toBe(true);
}

it('npm start rebuilds a stale client, serves app, API and sandbox outbox on one port, runs the server as npm\'s own child (no build process left), and SIGTERM to npm stops it and frees the port', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'onboard-start-'));
  // A source newer than dist/ makes the start script build first, as after a fresh clone.
  const now = new Date();
  utimesSync('index.html', now, now);
  let started: Started | undefined;
  let serverPid = 0;
  try {
    started = await runningStart(dataDir, 180);
    expect(started.output()).toMatch(/Building the client \(first start\)|Client sources changed: rebuilding/);
    expect(started.output()).toContain(`Sandbox outbox (SMS and email codes): http://127.0.0.1:${started.port}/dev/outbox`);

    const base = `http://127.0.0.1:${started.port}`;
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect((await fetch(`${base}/api/dev/outbox?to=9876543210`)).status).toBe(200);
    const page = await fetch(`${base}/personal-details`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    // The page as built: prerendered for this route (its markup inside #root), or the plain shell.
    expect(await page.text()).toMatch(/<div id="root"[ >]/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");

    // The build ran in a process that has ended: npm's one child is the server in plain node.
    const children = childrenOf(started.npm.pid ?? 0);
    expect(children.map((child) => child.command)).toEqual(['node dist-server/main.js']);
    serverPid = children[0]!.pid;
  } finally {
    if (started && serverPid) await stopWith(started, 'SIGTERM', serverPid);
    else if (started) killAll(started);
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 240_000);

it('SIGINT (Ctrl-C) to npm start stops the server too and frees the port', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'onboard-start-'));
  let started: Started | undefined;
  try {
    started = await runningStart(dataDir, 120);
    const [server] = childrenOf(started.npm.pid ?? 0);
    expect(server?.command).toBe('node dist-server/main.js');
    await stopWith(started, 'SIGINT', server!.pid);
  } finally {
    if (started) killAll(started);
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 180_000);
