import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validPersonalDetails } from '../tests/fixtures/payloads';
import { serverOutFile } from '../scripts/build-server';
import { prepareApplicants, sentCodes, stepOfRoute } from './applicants';
import { load, type LoadFigure, type LoadOptions } from './load';
import { startServer, type ServerProcess } from './processes';

export interface ApiFigures {
  bare: LoadFigure[];
  figures: LoadFigure[];
  memory: { idleMb: number; afterMb: number };
}

/** Fresh applicants per write run: each request is a new applicant, as on a launch day. */
const writeRuns = 2000;
const json = { 'content-type': 'application/json' };

/** Each request from its own client address behind the proxy, so the per-IP send cap does not stop the run. */
function clientAddress(n: number): string {
  return `198.18.${(n >> 8) & 255}.${n & 255}`;
}

/** Cycles through prepared bodies and headers, one per request. */
function eachRequest(bodies: { body: string; headers: Record<string, string> }[]): LoadOptions['requests'] {
  let next = 0;
  return [
    {
      method: 'POST',
      setupRequest: (request) => {
        const one = bodies[next++ % bodies.length]!;
        return { ...request, body: one.body, headers: { ...json, ...one.headers } };
      },
    },
  ];
}

/**
 * The app as `npm start` runs it (compiled server, SQLite, sandbox providers, request logs at the
 * default level) beside a bare Fastify route; each app figure follows a bare run, and its ratio is to that run.
 */
export async function apiFigures(log: (line: string) => void): Promise<ApiFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'onboard-bench-'));
  const servers: ServerProcess[] = [];
  const bare: LoadFigure[] = [];
  const figures: LoadFigure[] = [];
  try {
    const bareServer = await startServer(['--import', 'tsx', join(import.meta.dirname, 'bare-server.ts')], {});
    servers.push(bareServer);
    // SANDBOX_DELAY_MS=0: the sandbox SMS gateway's simulated 150 ms wait would measure a timer, not the server.
    const app = await startServer([serverOutFile], { DATA_DIR: dataDir, TRUST_PROXY: 'true', SANDBOX_DELAY_MS: '0', NODE_ENV: '' }, '/api/health');
    servers.push(app);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idleMb = app.rssMb();

    const measure = async (name: string, options: LoadOptions) => {
      const reference = await load('bare Fastify route', bareServer.url, { path: '/', duration: 3 });
      const figure = { ...(await load(name, app.url, options)), ratioToBare: 0 };
      figure.ratioToBare = Math.round((100 * figure.requestsPerSecond) / reference.requestsPerSecond) / 100;
      bare.push(reference);
      figures.push(figure);
      log(`  ${name}: ${figure.requestsPerSecond} req/s, p50 ${figure.p50Ms} ms, p99 ${figure.p99Ms} ms, ${figure.ratioToBare}× bare (${reference.requestsPerSecond} req/s)${figure.failed ? `, ${figure.failed} failed` : ""}`);
    };

    // Warm both (JIT, statement cache) before anything is timed.
    await load('warm-up', bareServer.url, { path: '/', duration: 1 });
    await load('warm-up', app.url, { path: '/api/health', duration: 1 });

    const [reader = ''] = await prepareApplicants(dataDir, stepOfRoute('/personal-details'), 1, 6_000_000_000);
    await measure('404 (unknown route)', { path: '/no-such-route', expectStatus: 404 });
    await measure('GET /api/health', { path: '/api/health' });
    await measure('GET /api/user', { path: '/api/user', headers: { 'x-access-token': reader } });

    const submitters = await prepareApplicants(dataDir, stepOfRoute('/personal-details'), writeRuns, 6_100_000_000);
    const details = JSON.stringify(validPersonalDetails);
    await measure('POST /api/user/personal-details', {
      path: '/api/user/personal-details',
      amount: writeRuns,
      requests: eachRequest(submitters.map((token) => ({ body: details, headers: { 'x-access-token': token } }))),
    });

    const phones = Array.from({ length: writeRuns }, (_, i) => String(7_000_000_000 + i));
    const verifyTokens = new Map<string, string>();
    let sent = 0;
    // One request in flight per connection: the connection's context says whose answer arrived.
    type Context = { phone?: string };
    await measure('sign-in: POST /api/signup (send OTP)', {
      path: '/api/signup',
      amount: writeRuns,
      requests: [
        {
          method: 'POST',
          setupRequest: (request, context: Context) => {
            const phone = phones[sent % phones.length]!;
            context.phone = phone;
            const headers = { ...json, 'x-forwarded-for': clientAddress(sent++) };
            return { ...request, headers, body: JSON.stringify({ phone }) };
          },
          onResponse: (status, body, context: Context) => {
            if (status === 200 && context.phone) verifyTokens.set(context.phone, (JSON.parse(body) as { token: string }).token);
          },
        },
      ],
    });
    const codes = await sentCodes(dataDir);
    await measure('sign-in: POST /api/verify/mobile-otp', {
      path: '/api/verify/mobile-otp',
      amount: writeRuns,
      requests: eachRequest(
        phones.map((phone) => ({
          body: JSON.stringify({ phone, otp: codes.get(phone) ?? '' }),
          headers: { 'x-verify-token': verifyTokens.get(phone) ?? '' },
        })),
      ),
    });
    return { bare, figures, memory: { idleMb, afterMb: app.rssMb() } };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
