import { Agent, request as httpRequest } from 'node:http';

/** One request's outcome as the load generator saw it. */
export interface Answer {
  status: number;
  body: Buffer;
}

export interface RouteTimes {
  sent: number;
  /** Milliseconds per answered request. */
  ms: number[];
  /** Answers other than the expected status, and requests that got no answer. */
  errors: number;
  /** With a CPU meter (one request at a time): the CPU each metered process used during this route's requests, in ms. */
  cpuMs: number[];
}

/** CPU ms so far of each process the benchmark meters (the server, the simulators). */
export type CpuMeter = () => number[];

/** A request the journey expected to succeed did not: the applicant stops there. */
export class JourneyError extends Error {}

/**
 * The load generator's HTTP client: keep-alive connections on loopback (a browser keeps its connection too),
 * each request timed under a route label ('POST /api/user/pan-number'), answers parsed by the caller.
 */
export class FlowClient {
  readonly routes = new Map<string, RouteTimes>();
  private readonly agent: Agent;
  private readonly url: URL;

  /** `meter`: only with one request at a time, when the CPU between a request and its answer is that request's. */
  constructor(
    base: string,
    connections: number,
    private readonly meter?: CpuMeter,
  ) {
    this.url = new URL(base);
    this.agent = new Agent({ keepAlive: true, maxSockets: connections });
  }

  private times(route: string): RouteTimes {
    let times = this.routes.get(route);
    if (!times) this.routes.set(route, (times = { sent: 0, ms: [], errors: 0, cpuMs: [] }));
    return times;
  }

  /** Sends one request; records its time, and an error unless it answered `expect` (default 200). */
  async send(route: string, path: string, options: { headers?: Record<string, string>; body?: Buffer | string; expect?: number } = {}): Promise<Answer> {
    const [method = 'GET'] = route.split(' ');
    const times = this.times(route);
    times.sent += 1;
    const started = performance.now();
    const cpuBefore = this.meter?.();
    try {
      const answer = await this.raw(method, path, options.headers ?? {}, options.body);
      times.ms.push(performance.now() - started);
      const cpuAfter = this.meter?.();
      if (cpuBefore && cpuAfter) cpuAfter.forEach((ms, at) => (times.cpuMs[at] = (times.cpuMs[at] ?? 0) + ms - (cpuBefore[at] ?? 0)));
      if (answer.status !== (options.expect ?? 200)) {
        times.errors += 1;
        throw new JourneyError(`${route} answered ${answer.status}: ${answer.body.toString('utf8').slice(0, 300)}`);
      }
      return answer;
    } catch (error) {
      if (!(error instanceof JourneyError)) times.errors += 1;
      throw error;
    }
  }

  /** JSON in, JSON out. */
  async json<T>(route: string, path: string, body: unknown, headers: Record<string, string> = {}, expect?: number): Promise<T> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const sent = payload === undefined ? headers : { 'content-type': 'application/json', ...headers };
    const answer = await this.send(route, path, { headers: sent, ...(payload === undefined ? {} : { body: payload }), ...(expect ? { expect } : {}) });
    return JSON.parse(answer.body.toString('utf8')) as T;
  }

  private raw(method: string, path: string, headers: Record<string, string>, body: Buffer | string | undefined): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const length = body === undefined ? 0 : Buffer.byteLength(body);
      const outgoing = httpRequest(
        { agent: this.agent, host: this.url.hostname, port: this.url.port, method, path, headers: { ...headers, 'content-length': String(length) } },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks) }));
          incoming.on('error', reject);
        },
      );
      // A journey never waits longer than the spec's client timeout.
      outgoing.setTimeout(15_000, () => outgoing.destroy(new Error(`${method} ${path}: no answer in 15 s`)));
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** A multipart/form-data body as a browser's FormData sends it. */
export async function multipartBody(fields: Record<string, string>, files: Record<string, { bytes: Uint8Array; name: string; type: string }>): Promise<{ body: Buffer; type: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) form.append(name, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type') ?? '' };
}
