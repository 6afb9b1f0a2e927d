import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { type QueryCounts, queryCountsRequest } from '../server/db/query-stats';

/** A server in its own process on loopback, as the benchmark loads it. */
export interface ServerProcess {
  url: string;
  pid: number;
  /** Resident memory now, in MB (from /proc). */
  rssMb(): number;
  /** The server's database statements so far (when started with ONBOARD_QUERY_COUNTS=ipc), over its IPC channel. */
  queryCounts(): Promise<QueryCounts>;
  stop(): Promise<void>;
}

export function rssMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
}

function ticksOf(stat: string): number {
  // Fields after the command name (which may hold spaces), counted from field 3: utime is 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** Clock ticks per second of /proc's CPU times (USER_HZ): 100 on Linux. */
const ticksPerSecond = 100;

/**
 * CPU time the process has used so far, user and system, in ms: every thread of it (worker threads, libuv's pool,
 * sharp's threads), those that have ended included, since /proc/<pid>/stat sums the whole thread group.
 */
export function cpuMs(pid: number): number {
  return (ticksOf(readFileSync(`/proc/${pid}/stat`, 'utf8')) * 1000) / ticksPerSecond;
}

/** The process's CPU so far split into user and kernel (system) time, in ms: loopback sockets cost the kernel's side. */
export function cpuSplitMs(pid: number): { user: number; system: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: (Number(fields[11]) * 1000) / ticksPerSecond, system: (Number(fields[12]) * 1000) / ticksPerSecond };
}

/**
 * CPU ms so far of each live thread of the process, by thread id, with a name saying what it is.
 */
export function threadCpuMs(pid: number): Map<number, { name: string; ms: number }> {
  const threads = new Map<number, { name: string; ms: number }>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      // Node 20 names none of its threads: worker threads, libuv's pool and V8's helpers are all 'node'.
      const shown = Number(tid) === pid ? 'main thread' : name === 'node' ? 'worker threads, libuv pool, V8 helpers' : name;
      threads.set(Number(tid), { name: shown, ms: (ticksOf(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')) * 1000) / ticksPerSecond });
    } catch {
      // the thread ended meanwhile
    }
  }
  return threads;
}

/**
 * CPU ms so far of every live thread of the process at nanosecond resolution (/proc/<pid>/task/<tid>/schedstat), for
 * what one request costs: /proc's stat counts in 10 ms ticks.
 */
export function schedCpuMs(pid: number): number {
  let ns = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // the thread ended meanwhile
    }
  }
  return ns / 1e6;
}

/** The processes whose parent is `pid` (the server's simulators, SIMULATORS=process), from /proc. */
export function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Field 4 (ppid) is the second after the command name.
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return children;
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

function askQueryCounts(child: ChildProcess): Promise<QueryCounts> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', answer);
      reject(new Error('the server did not answer the query-count request (started without ONBOARD_QUERY_COUNTS=ipc?)'));
    }, 5_000);
    const answer = (message: unknown) => {
      const counts = (message as Record<string, QueryCounts | undefined> | null)?.[queryCountsRequest];
      if (!counts) return;
      clearTimeout(timer);
      child.off('message', answer);
      resolve(counts);
    };
    child.on('message', answer);
    child.send(queryCountsRequest);
  });
}

/**
 * Starts `node <args>` with PORT and HOST set and waits until `readyPath` answers. Its output is
 * dropped (the app logs every request at the default level, as `npm start` does).
 */
export async function startServer(args: string[], env: Record<string, string>, readyPath = '/', readySeconds = 30): Promise<ServerProcess> {
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    // The IPC channel: the server answers the query-count request on it (server/db/query-stats.ts).
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitFor(`${url}${readyPath}`, child, readySeconds);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const pid = child.pid ?? 0;
  return {
    url,
    pid,
    rssMb: () => rssMb(pid),
    queryCounts: () => askQueryCounts(child),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
