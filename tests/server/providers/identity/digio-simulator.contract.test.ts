import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../../server/db/database';
import { migrateToLatest } from '../../../../server/db/migrate';
import type { Database } from '../../../../server/db/schema';
import { createSimulatorStore } from '../../../../server/providers/simulator-store';
import type { SimulatorDeps } from '../../../../server/providers/vendor';
import type { ProviderConfig } from '../../../../server/providers/provider-config';
import { simulatorRoutes, simulatorSettings, simulatorWebhookSecret } from '../../../../server/providers/identity/digio/simulator';
import { simulatorBrowserRoutes, simulatorControls } from '../../../../server/providers/identity/digio/simulator-gateway';
import { digioChecksum } from '../../../../server/providers/identity/digio/webhook';
import { createTestDatabase, type TestDatabase } from '../../test-database';
import { type FixtureRequest, answerOf, fixture, tinyJpeg, undocumentedFields } from './digio-fixtures';

/**
 * Digio's simulator answers each documented request (the fixtures the client's tests replay) with an answer of the
 * documented shape and status words, and sends signed webhooks as Digio does: neither side can drift alone.
 */

let dir: string;
let database: TestDatabase;
let db: Kysely<Database>;
let simulator: FastifyInstance;
let receiver: FastifyInstance;
let base: string;
const hooks: { headers: Record<string, unknown>; body: string }[] = [];
let deps: SimulatorDeps;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'onboard-digio-sim-'));
  database = await createTestDatabase();
  db = createDatabase({ dataDir: dir, databaseUrl: database.url });
  await migrateToLatest(db);
  // Where Digio's dashboard sends webhooks: the app's /api/webhooks/digio, here a receiver that keeps them.
  receiver = Fastify({ logger: false });
  receiver.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  receiver.post('/api/webhooks/digio', async (request) => {
    hooks.push({ headers: request.headers, body: String(request.body) });
    return {};
  });
  const publicUrl = await receiver.listen({ host: '127.0.0.1', port: 0 });
  deps = { db, store: createSimulatorStore(db, 'digio', Date.now), clock: Date.now, delayMs: 0, slowDelayMs: 0, publicUrl, config: {} as ProviderConfig };
  simulator = Fastify({ logger: false });
  await simulator.register(simulatorRoutes(deps), { prefix: '/digio' });
  await simulator.register(simulatorBrowserRoutes(deps), { prefix: '/sim/digio' });
  base = `${await simulator.listen({ host: '127.0.0.1', port: 0 })}/digio`;
});

afterAll(async () => {
  await simulator?.close();
  await receiver?.close();
  await db?.destroy();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const settings = () => simulatorSettings(base);
const basic = () => `Basic ${Buffer.from(`${settings().DIGIO_CLIENT_ID}:${settings().DIGIO_CLIENT_SECRET}`).toString('base64')}`;

/** Sends a fixture's request to the simulator, its ids and template names replaced by the simulator's own. */
async function send(name: string, replace: Record<string, string> = {}, request: FixtureRequest = fixture(name).request) {
  let text = JSON.stringify({ path: request.path, body: request.body });
  for (const [from, to] of Object.entries(replace)) text = text.replaceAll(from, to);
  const { path, body } = JSON.parse(text) as { path: string; body?: unknown };
  const response = await fetch(`${base}${path}`, {
    method: request.method,
    headers: { authorization: basic(), accept: 'application/json', ...request.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const contentType = response.headers.get('content-type') ?? '';
  return { status: response.status, contentType, bytes, json: () => JSON.parse(bytes.toString()) as Record<string, unknown> };
}

/** The answer has the fixture's status, documented fields only, and the fixture's values where they are status words. */
async function expectDocumented(name: string, answer: Awaited<ReturnType<typeof send>>, words: Record<string, unknown> = {}) {
  const documented = fixture(name).response;
  expect(answer.status).toBe(documented?.status);
  if (documented?.bytesStartWith) {
    expect(answer.contentType).toContain(documented.contentType);
    expect(answer.bytes.subarray(0, documented.bytesStartWith.length / 2).toString('hex')).toBe(documented.bytesStartWith);
    return;
  }
  const body = answer.json();
  expect(undocumentedFields(body, documented?.body)).toEqual([]);
  expect(body).toMatchObject(words);
  return body;
}

const kycTemplate = 'DIGILOCKER_AADHAAR_PAN';
const fixtureKid = 'KID2601151000009001ASHAKYCREQ1';
const fixtureDid = 'DID2601151030009001ASHAKRAFRM1';

describe("Digio's simulator: KYC", () => {
  it('create → requested → (the applicant approves) approval_pending → manage_approval → approved, each as documented', async () => {
    const created = await expectDocumented('kyc-create', await send('kyc-create', { DIGILOCKER_AADHAAR_PAN: kycTemplate }), {
      status: 'requested',
      customer_identifier: 'asha.verma@example.in',
      reference_id: 'applicant-0001',
    });
    const kid = String(created?.id);
    expect(kid).toMatch(/^KID\d{15}[A-Z0-9]{14}$/);
    expect(String((created?.access_token as { id: string }).id)).toMatch(/^GWT/);
    const ids = { [fixtureKid]: kid };
    await expectDocumented('kyc-response-requested', await send('kyc-response-requested', ids), { status: 'requested', actions: [{ type: 'digilocker', status: 'requested' }] });
    // Closing the gateway changes nothing at Digio.
    expect(await simulatorControls(deps).answer(kid, 'cancel')).toEqual({ digio_doc_id: kid, message: 'KYC Process Cancelled', error_code: 'CANCELLED' });
    expect((await send('kyc-response-requested', ids)).json().status).toBe('requested');
    expect(await simulatorControls(deps).answer(kid, 'approve')).toEqual({ digio_doc_id: kid, message: 'KYC process completed' });
    const pending = await expectDocumented('kyc-response-approval-pending', await send('kyc-response-approval-pending', ids), { status: 'approval_pending' });
    const aadhaar = (pending?.actions as { details: { aadhaar: { id_number: string; name: string } } }[])[0]?.details.aadhaar;
    expect(aadhaar).toMatchObject({ name: 'ASHA VERMA', id_number: expect.stringMatching(/^X{8}\d{4}$/) });
    expect((await send('kyc-manage-approval', ids)).status).toBe(200);
    await expectDocumented('kyc-response-approved', await send('kyc-response-approved', ids), { status: 'approved' });
    // Approving twice: refused, the request stays approved.
    expect((await send('kyc-manage-approval', ids)).status).toBe(400);
  });

  it("the selfie: its action names the captured photo's file_id, and the media API serves the file", async () => {
    const created = (await send('kyc-create', { DIGILOCKER_AADHAAR_PAN: String(settings().DIGIO_SELFIE_TEMPLATE) })).json();
    const kid = String(created.id);
    const photo = `data:image/jpeg;base64,${tinyJpeg.toString('base64')}`;
    await simulatorControls(deps).answer(kid, 'approve', photo);
    const approved = await expectDocumented('selfie-response-approved', await send('selfie-response-approved', { KID2601151020009001ASHASELFIE1: kid }), {
      status: 'approved',
      actions: [{ type: 'selfie', status: 'approved' }],
    });
    const fileId = String((approved?.actions as { file_id: string }[])[0]?.file_id);
    const media = await send('media-selfie', { FIL2601151021009001ASHAPHOTO1: fileId });
    await expectDocumented('media-selfie', media);
    expect(media.bytes).toEqual(tinyJpeg);
  });

  it('a rejected request is final: rejected at Digio, the SDK told so, approve no longer changes it', async () => {
    const kid = String((await send('kyc-create', { DIGILOCKER_AADHAAR_PAN: kycTemplate })).json().id);
    expect(await simulatorControls(deps).answer(kid, 'reject')).toMatchObject({ error_code: 'REJECTED' });
    expect(await simulatorControls(deps).answer(kid, 'approve')).toMatchObject({ error_code: 'REJECTED' });
    expect((await send('kyc-response-requested', { [fixtureKid]: kid })).json().status).toBe('rejected');
  });

  it('wrong credentials: 401 as documented (error-unauthorised); an unknown template or request: an error, not a guess', async () => {
    await expectDocumented('error-unauthorised', await send('error-unauthorised'), { code: 'INVALID_API_CREDENTIALS' });
    expect((await send('kyc-create', { DIGILOCKER_AADHAAR_PAN: 'NO_SUCH_TEMPLATE' })).status).toBe(400);
    expect((await send('kyc-response-requested', { [fixtureKid]: 'KID0' })).status).toBe(404);
  });
});

describe("Digio's simulator: eSign", () => {
  it('create → requested → the unsigned download refused → signed → completed with the PDF', async () => {
    const template = String(settings().DIGIO_ESIGN_TEMPLATES).split(',')[0]?.split('=')[1] ?? '';
    const created = await expectDocumented('esign-create', await send('esign-create', { TMP2601010000KRAFORM0001: template }), { agreement_status: 'requested' });
    const did = String(created?.id);
    expect(did).toMatch(/^DID/);
    const ids = { [fixtureDid]: did };
    await expectDocumented('esign-status-requested', await send('esign-status-requested', ids), { agreement_status: 'requested', signing_parties: [{ status: 'requested' }] });
    await expectDocumented('esign-download-unsigned', await send('esign-download-unsigned', ids));
    expect(await simulatorControls(deps).answer(did, 'approve')).toEqual({ digio_doc_id: did, message: 'Sign Successful' });
    await expectDocumented('esign-status-completed', await send('esign-status-completed', ids), { agreement_status: 'completed', signing_parties: [{ status: 'signed' }] });
    const pdf = await send('esign-download', ids);
    await expectDocumented('esign-download', pdf);
    expect(pdf.bytes.toString('latin1')).toContain('name: ASHA VERMA');
  });
});

describe("Digio's simulator: webhooks", () => {
  it('each change is sent to the dashboard URL, signed with X-Digio-Checksum over the exact body, in the documented envelope', async () => {
    hooks.length = 0;
    const kid = String((await send('kyc-create', { DIGILOCKER_AADHAAR_PAN: kycTemplate })).json().id);
    await simulatorControls(deps).answer(kid, 'approve');
    await send('kyc-manage-approval', { [fixtureKid]: kid });
    await expect.poll(() => hooks.length).toBe(2);
    const example = JSON.parse(String(fixture('webhook-kyc-approved').request.body)) as unknown;
    for (const hook of hooks) {
      expect(hook.headers['x-digio-checksum']).toBe(digioChecksum(simulatorWebhookSecret, hook.body));
      expect(undocumentedFields(JSON.parse(hook.body), example)).toEqual([]);
    }
    expect(hooks.map((hook) => (JSON.parse(hook.body) as { event: string }).event)).toEqual(['KYC_REQUEST_COMPLETED', 'KYC_REQUEST_APPROVED']);
    expect(JSON.parse(hooks[1]?.body ?? '{}')).toMatchObject({ payload: { KYC_REQUEST: { id: kid, status: 'approved' } } });
  });
});

describe("Digio's simulator: the SDK and its gateway (on the app's origin)", () => {
  const gateway = (path: string, body: unknown) =>
    simulator.inject({ method: 'POST', url: `/sim/digio/gateway/${path}`, payload: body as Record<string, unknown> });

  it('serves the Web SDK as one plain script defining window.Digio', async () => {
    const response = await simulator.inject({ method: 'GET', url: '/sim/digio/sdk/v11/digio.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.body).toContain('.Digio =');
    expect(response.body).not.toMatch(/^\s*(import|export)\b/m);
  });

  it('opens a request only with its access token; answers with the callback the SDK passes on', async () => {
    const created = (await send('kyc-create', { DIGILOCKER_AADHAAR_PAN: kycTemplate })).json();
    const kid = String(created.id);
    const token = String((created.access_token as { id: string }).id);
    expect((await gateway(`${kid}/open`, { token: 'GWT-wrong', identifier: 'asha.verma@example.in' })).statusCode).toBe(404);
    expect((await gateway(`${kid}/open`, { token, identifier: 'asha.verma@example.in' })).json()).toEqual({ kind: 'kyc', identifier: 'asha.verma@example.in' });
    expect((await gateway(`${kid}/approve`, { token: 'GWT-wrong' })).statusCode).toBe(404);
    expect((await gateway(`${kid}/approve`, { token })).json()).toEqual({ digio_doc_id: kid, message: 'KYC process completed' });
    expect((await send('kyc-response-requested', { [fixtureKid]: kid })).json().status).toBe('approval_pending');
  });

  it('a sign request opens with its document name; a photo must be an image data URL', async () => {
    const template = String(settings().DIGIO_ESIGN_TEMPLATES).split(',')[0]?.split('=')[1] ?? '';
    const created = (await send('esign-create', { TMP2601010000KRAFORM0001: template })).json();
    const token = String((created.access_token as { id: string }).id);
    expect((await gateway(`${String(created.id)}/open`, { token })).json()).toEqual({ kind: 'esign', identifier: 'asha.verma@example.in', document: 'KRA Form' });
    expect((await gateway(`${String(created.id)}/approve`, { token, photo: 'not-an-image' })).statusCode).toBe(400);
    expect(answerOf('esign-create')).toBeTruthy();
  });
});
