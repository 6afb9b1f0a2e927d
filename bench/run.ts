import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { branchSearchFigures } from './branch-search';
import { bundleFigures } from './bundle-figures';

/**
 * `npm run bench`: figures, not pass/fail. The server runs in its own process as `npm start` runs it
 * (SQLite, sandbox providers); autocannon loads it over loopback. Both share this machine's cores,
 * so the rates are floors. Bounded in time; loopback only.
 */
const port = 41_000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'onboard-bench-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: '', TRUST_PROXY: 'true' },
  stdio: ['ignore', 'pipe', 'inherit'],
});

function rssMb(): number {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start within 15 s');
}

type Options = Omit<autocannon.Options, 'url'> & { path: string };

async function load(name: string, { path, ...options }: Options): Promise<void> {
  const result = await autocannon({ url: `${base}${path}`, connections: 32, duration: 5, ...options });
  const failed = result.non2xx + result.errors + result.timeouts;
  console.log(
    `${name.padEnd(36)} ${String(Math.round(result.requests.average)).padStart(6)} req/s   ` +
      `p50 ${result.latency.p50} ms   p97.5 ${result.latency.p97_5} ms   p99 ${result.latency.p99} ms` +
      (failed ? `   (${failed} failed)` : ''),
  );
}

async function signIn(phone: string): Promise<string> {
  const post = (path: string, body: object, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const { token: verifyToken } = (await (await post('/api/signup', { phone })).json()) as { token: string };
  const outbox = (await (await fetch(`${base}/api/dev/outbox?to=${phone}`)).json()) as { messages: { code: string }[] };
  const verified = await post('/api/verify/mobile-otp', { phone, otp: outbox.messages[0]!.code }, { 'x-verify-token': verifyToken });
  return ((await verified.json()) as { token: string }).token;
}

try {
  await waitForServer();
  const idle = rssMb();
  await load('GET /api/health (DB round trip)', { path: '/api/health' });
  const token = await signIn('9000000001');
  await load('GET /api/user (session lookup)', { path: '/api/user', headers: { 'x-access-token': token } });
  await load('GET branch search (HDFC, q=MUMBAI)', { path: '/api/utils/bank/details/HDFC?q=MUMBAI', headers: { 'x-access-token': token } });
  await load('GET /personal-details (app shell)', { path: '/personal-details', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
  let phone = 7_000_000_000;
  // Each new number is a new applicant (a user row, an OTP challenge and a sandbox message whose gateway
  // takes ~150 ms, so 64 connections keep the server busy), each from
  // its own client address behind the proxy, as the per-IP send cap would otherwise stop the run.
  await load('POST /api/signup (new applicant, OTP)', {
    path: '/api/signup',
    connections: 64,
    duration: 3,
    requests: [{ method: 'POST', setupRequest: (request) => {
      const n = phone++;
      const headers = { 'content-type': 'application/json', 'x-forwarded-for': `198.18.${(n >> 8) & 255}.${n & 255}` };
      return { ...request, headers, body: JSON.stringify({ phone: String(n) }) };
    } }],
  });
  console.log(`server RSS: ${idle.toFixed(0)} MB idle, ${rssMb().toFixed(0)} MB after the runs`);
  bundleFigures();
  await branchSearchFigures();
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
