import { validPersonalDetails } from '../tests/fixtures/payloads';
import { noticeVersion } from '../tests/server/notice-version';
import { prepareApplicants, sentCodes, stepOfRoute } from './applicants';
import { alternate, load, type LoadFigure, type LoadOptions } from './load';
import type { BenchServers } from './servers';

export interface ApiFigures {
  bare: LoadFigure[];
  figures: LoadFigure[];
  /** The bare route with the app's headers and log line, run beside the 404 figure. */
  bareLikeApp: LoadFigure;
}

type Measure = (name: string, options: LoadOptions) => Promise<void>;

/** Fresh applicants per write run: each request is a new applicant, as on a launch day. */
const writeRuns = 2000;
const json = { 'content-type': 'application/json' };

/** Each request from its own client address behind the proxy, so the per-IP send cap does not stop the run. */
function clientAddress(n: number): string {
  return `198.18.${(n >> 8) & 255}.${n & 255}`;
}

/** POSTs that cycle through prepared bodies and headers, one per request. */
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

/** New applicants sign in: send OTP for fresh numbers, then verify each with the code the sandbox recorded. */
async function signIns(measure: Measure, dataDir: string): Promise<void> {
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
          return { ...request, headers: { ...json, 'x-forwarded-for': clientAddress(sent++) }, body: JSON.stringify({ phone }) };
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
        body: JSON.stringify({ phone, otp: codes.get(phone) ?? '', noticeVersion }),
        headers: { 'x-verify-token': verifyTokens.get(phone) ?? '' },
      })),
    ),
  });
}

/**
 * Each API figure follows a run of the bare route, and its ratio is to that run: both share the
 * machine with autocannon, so a figure and its yardstick see the same load.
 */
export async function apiFigures({ app, bare: bareServer, bareLikeApp, dataDir }: BenchServers, log: (line: string) => void): Promise<ApiFigures> {
  const bare: LoadFigure[] = [];
  const figures: LoadFigure[] = [];
  const ratio = (figure: LoadFigure, reference: LoadFigure) => Math.round((100 * figure.requestsPerSecond) / reference.requestsPerSecond) / 100;
  const bareTarget = { name: 'bare Fastify route', base: bareServer.url, options: { path: '/', duration: 2 } };
  // Reads: three rounds of 2 s, alternating with the bare route. Writes: one run of fresh applicants after a bare run.
  const measure: Measure = async (name, options) => {
    const appOptions = options.amount ? options : { ...options, duration: 2 };
    const [reference, figure] = await alternate([bareTarget, { name, base: app.url, options: appOptions }], options.amount ? 1 : 3);
    figure!.ratioToBare = ratio(figure!, reference!);
    bare.push(reference!);
    figures.push(figure!);
    const failed = figure!.failed ? `, ${figure!.failed} failed ${JSON.stringify(figure!.statuses)}` : '';
    log(`  ${name}: ${figure!.requestsPerSecond} req/s, ${figure!.ratioToBare}× bare (${reference!.requestsPerSecond} req/s)${failed}`);
  };

  // Warm both (JIT, statement cache) before anything is timed.
  await load('warm-up', bareServer.url, { path: '/', duration: 1 });
  await load('warm-up', app.url, { path: '/api/health', duration: 1 });
  await load('warm-up', bareLikeApp.url, { path: '/', duration: 1 });

  const detailsStep = stepOfRoute('/personal-details');
  const [reader = ''] = await prepareApplicants(dataDir, detailsStep, 1, 6_000_000_000);
  await measure('404 (unknown route)', { path: '/no-such-route', expectStatus: 404 });
  // What the 404 must cost anyway: the bare route sending the same headers and writing the same log line.
  const likeTarget = { name: "bare route + the app's headers and log line", base: bareLikeApp.url, options: { path: '/', duration: 2 } };
  const [likeReference, likeApp] = await alternate([bareTarget, likeTarget], 3);
  likeApp!.ratioToBare = ratio(likeApp!, likeReference!);
  log(`  (bare route with the app's security headers and log line: ${likeApp!.requestsPerSecond} req/s, ${likeApp!.ratioToBare}× bare)`);
  await measure('GET /api/health', { path: '/api/health' });
  await measure('GET /api/user', { path: '/api/user', headers: { 'x-access-token': reader } });

  const submitters = await prepareApplicants(dataDir, detailsStep, writeRuns, 6_100_000_000);
  const details = JSON.stringify(validPersonalDetails);
  await measure('POST /api/user/personal-details', {
    path: '/api/user/personal-details',
    amount: writeRuns,
    requests: eachRequest(submitters.map((token) => ({ body: details, headers: { 'x-access-token': token } }))),
  });
  await signIns(measure, dataDir);
  return { bare, figures, bareLikeApp: likeApp! };
}
