import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp, defaultStaticDir } from '../server/app';

/**
 * `npm run bench`: figures, not pass/fail. The client and the server share this machine's cores,
 * so request rates are floors. Bounded in count and time; loopback only.
 */
interface Figures { requests: number; seconds: number; p50: number; p95: number; p99: number }

async function load(name: string, total: number, concurrency: number, send: (i: number) => Promise<Response>): Promise<Figures> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const t = performance.now();
      const response = await send(i);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${name}: request ${i} answered ${response.status}`);
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { requests: total, seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

function print(name: string, f: Figures): void {
  const rate = Math.round(f.requests / f.seconds);
  console.log(`${name.padEnd(34)} ${String(rate).padStart(6)} req/s   p50 ${f.p50.toFixed(1)} ms   p95 ${f.p95.toFixed(1)} ms   p99 ${f.p99.toFixed(1)} ms`);
}

function bundleFigures(): void {
  const assets = join(defaultStaticDir, 'assets');
  try {
    statSync(assets);
  } catch {
    console.log('bundle: dist/ not built (npm run build), skipped');
    return;
  }
  const index = readFileSync(join(defaultStaticDir, 'index.html'), 'utf8');
  const initial = [...index.matchAll(/(?:src|href)="\/assets\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const gz = (file: string) => gzipSync(readFileSync(join(assets, file))).length;
  const initialKb = initial.reduce((sum, file) => sum + gz(file), 0) / 1024;
  const allJs = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const totalKb = allJs.reduce((sum, file) => sum + gz(file), 0) / 1024;
  console.log(`bundle: initial (index.html references) ${initialKb.toFixed(1)} KB gzip; all JS chunks ${totalKb.toFixed(1)} KB gzip in ${allJs.length} files`);
}

const dataDir = mkdtempSync(join(tmpdir(), 'onboard-bench-'));
const app = await buildApp({ dataDir, logger: false, sandboxDelayMs: 0, limits: { sendsPerDestination: 1e9, dailySendsPerDestination: 1e9, sendsPerIp: 1e9 } });
const url = await app.listen({ host: '127.0.0.1', port: 0 });
try {
  const rssBefore = process.memoryUsage().rss;
  print('GET /api/health', await load('health', 5000, 32, () => fetch(`${url}/api/health`)));
  const signup = await fetch(`${url}/api/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone: '9000000001' }) });
  const { token: verifyToken } = (await signup.json()) as { token: string };
  const outbox = (await (await fetch(`${url}/api/dev/outbox?to=9000000001`)).json()) as { messages: { code: string }[] };
  const verify = await fetch(`${url}/api/verify/mobile-otp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-verify-token': verifyToken },
    body: JSON.stringify({ phone: '9000000001', otp: outbox.messages[0]!.code }),
  });
  const { token } = (await verify.json()) as { token: string };
  print('GET /api/user (token lookup)', await load('user', 5000, 32, () => fetch(`${url}/api/user`, { headers: { 'x-access-token': token } })));
  print('POST /api/signup (OTP write+send)', await load('signup', 1000, 16, (i) =>
    fetch(`${url}/api/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone: `7${String(i).padStart(9, '0')}` }) })));
  print('GET / (index.html)', await load('index', 2000, 32, () => fetch(`${url}/`, { headers: { accept: 'text/html' } })));
  console.log(`server RSS: ${(rssBefore / 2 ** 20).toFixed(0)} MB before, ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB after the runs`);
  bundleFigures();
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
