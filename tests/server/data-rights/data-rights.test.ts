import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsentEntry, ConsentsResponse } from '../../../src/api/data-rights';
import { stepAfter } from '../../../core/engine/flow';
import { loadConfig } from '../../../server/config/load-config';
import { answeredApplicant, taxResidency } from '../data-rights-fixtures';
import { type TestApp, auth, get, startTestApp } from '../helpers';
import { reviewApplicant } from '../ops-fixtures';
import { withDb } from '../stored-records';
import { type Applicant, expectError, send, setUserRow } from '../step-fixtures';
import { readZip } from '../zip-reader';

/** The applicant's data rights (DPDP Act 2023): their consents, a copy of their data, erasure. */

const { privacy } = loadConfig();
const optional = privacy.purposes.find((purpose) => !purpose.required);
const required = privacy.purposes.find((purpose) => purpose.required);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const consents = async (who: Applicant) => (await get(t.app, '/api/user/consents', auth(who.token))).json<ConsentsResponse>().consents;
const auditActions = (id: string) => withDb(t, async (db) => (await db.selectFrom('audit_trail').select('action').where('user_id', '=', id).orderBy('at').execute()).map((row) => row.action));

async function exported(who: Applicant) {
  const response = await t.app.inject({ method: 'GET', url: '/api/user/data-export', headers: auth(who.token).headers });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  expect(response.headers['content-disposition']).toBe('attachment; filename="onboard-my-data.zip"');
  return readZip(response.rawPayload);
}

describe('GET /api/user/data-export', () => {
  it('holds every answer the applicant gave, their status, consents, the audit trail and each document as uploaded', async () => {
    const who = await answeredApplicant(t);
    const files = await exported(who);
    const data = JSON.parse(files.get('data.json')?.toString('utf8') ?? '{}') as Record<string, unknown> & { answers: Record<string, Record<string, unknown>> };
    expect(data.applicant).toMatchObject({ id: who.id, phone: who.phone, email: who.email, ...taxResidency });
    expect(data.status).toEqual({ nextStep: stepAfter(loadConfig().flow, 'nominee'), currentStep: 'nominee', submitted: false });
    for (const [step, answer] of Object.entries(who.answers)) {
      // The nominee's documentProof travels as a file: the stored answer names the document instead.
      const { nominees, ...rest } = answer as { nominees?: Record<string, unknown>[] };
      expect(data.answers[step], step).toMatchObject(nominees ? { nominees: nominees.map((n) => expect.objectContaining(n)) } : rest);
    }
    expect(data.answers.personal_details?.declaredAt).toEqual({ otherOptionsDeclaration: expect.any(String), fnoRiskAcknowledged: expect.any(String) });
    expect(data.consents).toEqual(privacy.purposes.filter((p) => p.required).map((p) => ({ purpose: p.id, version: privacy.notice.version, givenAt: expect.any(String), withdrawnAt: null })));
    expect(data.auditTrail).toEqual([expect.objectContaining({ actor: 'applicant', action: 'data_export' })]);
    const documents = [...files.keys()].filter((name) => name.startsWith('documents/'));
    expect(documents).toHaveLength(who.uploads.length);
    const listed = data.documents as { kind: string; file: string; id: string }[];
    for (const { kind } of who.uploads) {
      const entry = listed.find((document) => document.kind === kind);
      const stored = await t.app.inject({ method: 'GET', url: `/api/user/documents/${entry?.id ?? ''}`, headers: auth(who.token).headers });
      expect(files.get(entry?.file ?? '')?.equals(stored.rawPayload), kind).toBe(true);
    }
    const text = files.get('data.json')?.toString('utf8') ?? '';
    for (const secret of ['token_hash', 'code_hash', 'storage_key']) expect(text).not.toContain(secret);
  });
});

describe('consents per purpose, with the notice\'s version', () => {
  it('first sign-in accepted the required purposes; optional ones are the applicant\'s to give and withdraw', async () => {
    const who = await answeredApplicant(t);
    const listed = await consents(who);
    expect(listed.map((entry) => entry.purpose)).toEqual(privacy.purposes.map((purpose) => purpose.id));
    for (const entry of listed) {
      const given = entry.required ? { version: privacy.notice.version, givenAt: expect.any(String) } : { version: null, givenAt: null };
      expect(entry).toEqual<ConsentEntry>({ purpose: entry.purpose, required: entry.required, withdrawnAt: null, ...given });
    }
    const id = optional?.id ?? '';
    const given = await send<{ consent: ConsentEntry }>(t, who, `/api/user/consents/${id}/give`, {});
    expect(given.body.consent).toMatchObject({ purpose: id, version: privacy.notice.version, givenAt: new Date(t.clock.now).toISOString(), withdrawnAt: null });
    t.clock.advance(1000);
    const withdrawn = await send<{ message: string; consent: ConsentEntry }>(t, who, `/api/user/consents/${id}/withdraw`, undefined);
    expect(withdrawn.body).toMatchObject({ message: 'Consent withdrawn', consent: { purpose: id, withdrawnAt: new Date(t.clock.now).toISOString() } });
    expect((await consents(who)).find((entry) => entry.purpose === id)?.withdrawnAt).not.toBeNull();
    expectError(await send(t, who, `/api/user/consents/${required?.id ?? ''}/withdraw`, {}), 409, required?.whyRequired ?? '');
    expectError(await send(t, who, '/api/user/consents/telemarketing/withdraw', {}), 404, 'No such purpose in our Privacy Notice');
    expect(await auditActions(who.id)).toEqual(['consent_given', 'consent_withdrawn', 'consent_withdrawal_refused']);
  });
});

describe('POST /api/user/erasure', () => {
  it('before submission erases every row and file of the applicant, ends their session, and logs only a keyed hash', async () => {
    const who = await answeredApplicant(t);
    const other = await answeredApplicant(t);
    await send(t, who, `/api/user/consents/${optional?.id ?? ''}/give`, {});
    const keys = await withDb(t, async (db) => (await db.selectFrom('documents').select('storage_key').where('user_id', '=', who.id).execute()).map((row) => row.storage_key));
    const paths = keys.map((key) => join(t.dir, 'documents', key.slice(0, 2), key));
    expect(paths.every((path) => existsSync(path))).toBe(true);

    const answer = await t.app.inject({ method: 'POST', url: '/api/user/erasure', headers: auth(who.token).headers });
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ message: 'Your application and everything we held about you are erased. Your session has ended.' });
    expect((await get(t.app, '/api/user', auth(who.token))).statusCode).toBe(401);
    expect(paths.some((path) => existsSync(path))).toBe(false);
    // No row anywhere names the applicant: not their id, their number or their email.
    const leftovers = await withDb(t, async (db) => {
      const found: string[] = [];
      for (const table of await db.introspection.getTables()) {
        const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(db);
        for (const row of rows) {
          const text = JSON.stringify(row);
          if ([who.id, who.phone, who.email].some((mark) => text.includes(mark))) found.push(`${table.name}: ${text.slice(0, 120)}`);
        }
      }
      return found;
    });
    expect(leftovers).toEqual([]);
    const subject = createHmac('sha256', 'test-secret').update(`erasure:${who.phone}`).digest('hex');
    expect(await withDb(t, (db) => db.selectFrom('erasure_log').select(['outcome', 'note']).where('subject', '=', subject).execute())).toEqual([{ outcome: 'erased', note: `${who.uploads.length} document(s)` }]);
    // Someone else's application is untouched.
    expect((await get(t.app, '/api/user', auth(other.token))).statusCode).toBe(200);
    expect((await exported(other)).size).toBe(1 + other.uploads.length);
  });

  it('after submission answers 409 with the law and the date KYC records are kept until, and erases only what no law requires', async () => {
    const who = await reviewApplicant(t);
    const submittedAt = Date.UTC(2026, 0, 10, 12, 0, 0);
    await setUserRow(t, who.phone, { submitted_at: submittedAt });
    await send(t, who, `/api/user/consents/${optional?.id ?? ''}/give`, {});
    const answer = await t.app.inject({ method: 'POST', url: '/api/user/erasure', headers: auth(who.token).headers });
    expect(answer.statusCode).toBe(409);
    const { law } = privacy.retention;
    expect(answer.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      // The date as the app writes dates (issue 32: it read 2031-01-10); the field keeps the ISO date for clients.
      message: privacy.retention.refusal.replace('{law}', law).replace('{date}', '10/01/2031'),
      errorMessage: privacy.retention.refusal.replace('{law}', law).replace('{date}', '10/01/2031'),
      law,
      retainUntil: '2031-01-10',
    });
    expect((await get(t.app, '/api/user', auth(who.token))).json<{ user: { nextStep: string } }>().user.nextStep).toBe('verification_pending');
    expect((await consents(who)).find((entry) => entry.purpose === optional?.id)?.withdrawnAt).not.toBeNull();
    expect(await auditActions(who.id)).toContain('erasure_refused');
    const sends = await withDb(t, (db) => db.selectFrom('message_sends').select('id').where('destination', 'in', [who.phone, who.email]).execute());
    expect(sends).toEqual([]);
  });
});
