import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/database';
import type { ApiErrorBody } from '../../core/api/types';
import { type TestApp, latestCode, outbox, startTestApp } from '../server/helpers';
import { listenLocally } from '../server/raw-http';
import { applicantAt } from '../server/step-fixtures';
import { storedDocuments } from '../server/upload-harness';
import { type FilePart, type TextPart, multipart } from '../server/upload-fixtures';
import { image } from './journey';

/**
 * Double submits (issue 19): the same request twice at once, through inject and over a real socket, leaves one
 * email (whose code works), one document row and one stored file, one income-proof row.
 */

interface Answer {
  status: number;
  body: unknown;
}
type Parts = (TextPart | FilePart)[];

type Body = { json: unknown } | { parts: Parts };
type Transport = (t: TestApp, token: string, url: string, body: Body) => Promise<Answer>;

function encode(body: Body): { payload: Buffer; contentType: string } {
  if ('json' in body) return { payload: Buffer.from(JSON.stringify(body.json)), contentType: 'application/json' };
  const { body: payload, contentType } = multipart(body.parts);
  return { payload, contentType };
}

const viaInject: Transport = async (t, token, url, body) => {
  const { payload, contentType } = encode(body);
  const response = await t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, 'x-access-token': token } });
  return { status: response.statusCode, body: response.json() };
};

let base = '';
const viaSocket: Transport = async (_t, token, url, body) => {
  const { payload, contentType } = encode(body);
  const response = await fetch(`${base}${url}`, { method: 'POST', body: new Uint8Array(payload), headers: { 'content-type': contentType, 'x-access-token': token } });
  return { status: response.status, body: await response.json() };
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  base = await listenLocally(t);
});
afterAll(() => t.close());

async function rowsOf(phone: string, table: 'documents' | 'income_proofs'): Promise<number> {
  const db = createDatabase({ dataDir: t.dir, databaseUrl: t.databaseUrl });
  try {
    const user = await db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await db.destroy();
  }
}

describe.each([
  ['inject', viaInject],
  ['a real socket', viaSocket],
])('two submits at once, through %s', (_name, send) => {
  const twice = (token: string, url: string, body: Body) => Promise.all([send(t, token, url, body), send(t, token, url, body)]);

  it('add-email: one email; the other is refused as request too early; the code works', async () => {
    const who = await applicantAt(t, 'email_verification', {}, 'mobile_verification');
    const email = `twice-${who.phone}@example.com`;
    const answers = await twice(who.token, '/api/user/add-email', { json: { email } });
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429]);
    expect((answers.find((answer) => answer.status === 429)?.body as ApiErrorBody).message).toBe('request too early');
    expect(await outbox(t.app, email)).toHaveLength(1);
    const verified = await send(t, who.token, '/api/user/verify-email', { json: { email, otp: await latestCode(t.app, email) } });
    expect(verified.status).toBe(200);
  });

  it.each([
    ['pan-proof-upload', 'pan_image_upload', 'pan'],
    ['add-signature', 'signature', 'signature'],
  ])('%s: one document row and one stored file', async (route, step, field) => {
    const who = await applicantAt(t, step);
    const stored = storedDocuments(t);
    const filesBefore = stored.storedFiles().length;
    const answers = await twice(who.token, `/api/user/${route}`, { parts: [await image(field)] });
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await rowsOf(who.phone, 'documents')).toBe(1);
    expect(stored.storedFiles()).toHaveLength(filesBefore + 1);
  });

  it('income-proof skip: one row', async () => {
    const who = await applicantAt(t, 'income_proof');
    const answers = await twice(who.token, '/api/user/income-proof', { parts: [{ name: 'skip', value: 'true' }] });
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await rowsOf(who.phone, 'income_proofs')).toBe(1);
  });
});
