import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import Fastify from 'fastify';
import { expect } from 'vitest';

/** Digio's documented examples (server/providers/identity/digio/fixtures), read by the client's and the simulator's tests. */

export interface FixtureRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** JSON, or the raw text of a webhook (its checksum covers the exact bytes). */
  body?: unknown;
}

export interface FixtureResponse {
  status: number;
  body?: unknown;
  contentType?: string;
  /** Hex of the first bytes of a file answer ('ffd8ff' a JPEG, '255044462d' %PDF-). */
  bytesStartWith?: string;
}

export interface Fixture {
  about: string;
  source: string;
  request: FixtureRequest;
  response?: FixtureResponse;
  /** Webhooks: the secret their checksum was made with. */
  secret?: string;
}

const folder = join(import.meta.dirname, '../../../../server/providers/identity/digio/fixtures');

export const fixtureNames = readdirSync(folder).filter((name) => name.endsWith('.json')).map((name) => name.replace(/\.json$/, ''));

export function fixture(name: string): Fixture {
  return JSON.parse(readFileSync(join(folder, `${name}.json`), 'utf8')) as Fixture;
}

/** The fixture's JSON answer body, as an object. */
export function answerOf(name: string): Record<string, unknown> {
  return structuredClone(fixture(name).response?.body ?? {}) as Record<string, unknown>;
}

export const tinyJpeg = Buffer.from(
  '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAgACADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAAT/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwC8AmVAAAAAAP/Z',
  'base64',
);

/** One request the scripted Digio received. */
export interface Received {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/**
 * A Digio on loopback that answers a script of fixtures in order: each request must be the next fixture's (method,
 * path with query, body; its headers a subset), and is answered with that fixture's response (file answers with
 * `files[name]`). A request off the script is answered 599 and recorded, so the test's expectations name it.
 */
export async function scriptedDigio(files: Record<string, Buffer> = {}) {
  const server = Fastify({ logger: false });
  const script: { name: string; response?: FixtureResponse; override?: Partial<FixtureResponse>; anyBody?: boolean }[] = [];
  const received: Received[] = [];
  const mismatches: string[] = [];
  let hang = false;
  server.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, body === '' ? undefined : JSON.parse(String(body)));
    } catch (error) {
      done(error as Error);
    }
  });
  server.all('/*', async (request, reply) => {
    const path = request.url;
    received.push({ method: request.method, path, headers: request.headers, body: request.body });
    if (hang) return new Promise(() => {});
    const next = script.shift();
    if (!next) {
      mismatches.push(`unexpected ${request.method} ${path}`);
      return reply.code(599).send({});
    }
    const expected = fixture(next.name).request;
    if (expected.method !== request.method || expected.path !== path) mismatches.push(`${next.name}: expected ${expected.method} ${expected.path}, got ${request.method} ${path}`);
    if (expected.body !== undefined && !next.anyBody && !isDeepStrictEqual(request.body, expected.body)) mismatches.push(`${next.name}: body ${JSON.stringify(request.body)}`);
    for (const [name, value] of Object.entries(expected.headers ?? {})) {
      if (request.headers[name] !== value) mismatches.push(`${next.name}: header ${name} ${String(request.headers[name])}`);
    }
    const response = { ...next.response, ...next.override } as FixtureResponse;
    if (response.bytesStartWith !== undefined) return reply.code(response.status).type(response.contentType ?? 'application/octet-stream').send(files[next.name] ?? Buffer.alloc(0));
    return reply.code(response.status).send(response.body ?? {});
  });
  const base = await server.listen({ host: '127.0.0.1', port: 0 });
  return {
    base,
    received,
    mismatches,
    /** Queues fixtures to answer, in order; `override` replaces parts of one's response. */
    expect(name: string, override?: Partial<FixtureResponse>) {
      script.push({ name, response: fixture(name).response, ...(override ? { override } : {}) });
    },
    /** Like expect, for a caller whose applicant is not the fixture's (the app's own): the body is not compared. */
    expectFromApp(name: string, override?: Partial<FixtureResponse>) {
      script.push({ name, response: fixture(name).response, anyBody: true, ...(override ? { override } : {}) });
    },
    /** Never answer again (timeouts). */
    hang() {
      hang = true;
    },
    /** Every queued fixture was asked for, each as documented. */
    done() {
      expect(mismatches).toEqual([]);
      expect(script.map((entry) => entry.name)).toEqual([]);
    },
    close: () => server.close(),
  };
}

/** The JSON type of a value, as shapes compare it. */
const typeOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/**
 * Where `actual` has a field the documented `example` lacks at the same place, or a field of another JSON type: the
 * simulator may leave out what a template does not produce, never answer what Digio does not document.
 */
export function undocumentedFields(actual: unknown, example: unknown, at = '$'): string[] {
  if (typeOf(actual) !== typeOf(example)) return [`${at}: ${typeOf(actual)} where the example has ${typeOf(example)}`];
  if (Array.isArray(actual) && Array.isArray(example)) {
    const model = example[0];
    return model === undefined ? [] : actual.flatMap((item, index) => undocumentedFields(item, model, `${at}[${index}]`));
  }
  if (typeOf(actual) !== 'object') return [];
  const documented = example as Record<string, unknown>;
  return Object.entries(actual as Record<string, unknown>).flatMap(([key, value]) =>
    key in documented ? undocumentedFields(value, documented[key], `${at}.${key}`) : [`${at}.${key}: not in the documented example`],
  );
}
