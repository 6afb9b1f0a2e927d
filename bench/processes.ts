import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** A server in its own process on loopback, as the benchmark loads it. */
export interface ServerProcess {
  url: string;
  pid: number;
  /** Resident memory now, in MB (from /proc). */
  rssMb(): number;
  stop(): Promise<void>;
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

export function freePort(): number {
  return 41_000 + Math.floor(Math.random() * 8000);
}

async function waitFor(url: string, child: ChildProcess, seconds: number): Promise<void> {
  for (let i = 0; i < seconds * 10; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with code ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

/**
 * Starts `node <args>` with PORT and HOST set and waits until `readyPath` answers. Its output is
 * dropped (the app logs every request at the default level, as `npm start` does).
 */
export async function startServer(args: string[], env: Record<string, string>, readyPath = '/'): Promise<ServerProcess> {
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitFor(`${url}${readyPath}`, child, 30);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const pid = child.pid ?? 0;
  return {
    url,
    pid,
    rssMb: () => rssMb(pid),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
