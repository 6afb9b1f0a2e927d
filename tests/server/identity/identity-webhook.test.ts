import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatorWebhookSecret } from '../../../server/providers/identity/digio/simulator';
import { digioChecksum } from '../../../server/providers/identity/digio/webhook';
import { type TestApp, startTestApp } from '../helpers';
import { esignList, initiate, widget } from '../identity-fixtures';
import { applicantAt } from '../step-fixtures';
import { withDb } from '../stored-records';

/**
 * POST /api/webhooks/digio: Digio's webhooks, with the simulator's dashboard secret (the app runs Digio's simulator).
 * Only a delivery whose X-Digio-Checksum matches its exact bytes is read; its state is fetched again from Digio.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

let deliveries = 0;
/** A delivery as Digio sends one: the envelope of digio-kyc.md §8, its checksum over these exact bytes. */
function delivery(entity: 'KYC_REQUEST' | 'document', id: string, event: string, checksum?: string) {
  deliveries += 1;
  const body = JSON.stringify({ id: `WHN_TEST${deliveries}`, entities: [entity], event, created_at: t.clock.now, payload: { [entity]: { id } } });
  return { body, checksum: checksum ?? digioChecksum(simulatorWebhookSecret, body) };
}

const post = (sent: { body: string; checksum: string }, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/webhooks/digio', payload: sent.body, headers: { 'content-type': 'application/json', 'x-digio-checksum': sent.checksum, ...headers } });

const statusOf = (requestId: string) => withDb(t, async (db) => (await db.selectFrom('identity_requests').select('status').where('request_id', '=', requestId).executeTakeFirstOrThrow()).status);
const atDigio = (requestId: string) =>
  withDb(t, async (db) => JSON.parse((await db.selectFrom('sim_records').select('data').where('id', '=', requestId).executeTakeFirstOrThrow()).data) as Record<string, unknown>);

describe('POST /api/webhooks/digio', () => {
  it('a signed document: recorded as signed once Digio, asked again, says so; a replay of the same delivery changes nothing', async () => {
    const who = await applicantAt(t, 'aadhaar_e_sign_documents');
    const [kra] = await esignList(t, who);
    const id = kra?.eSignRequestID ?? '';
    const early = delivery('document', id, 'doc.signed');
    // Not signed at Digio yet: the delivery is not believed on its word.
    expect((await post(early)).json()).toEqual({ received: true, effect: 'checked' });
    expect(await statusOf(id)).toBe('requested');
    await widget(t, id, 'approve');
    const signed = delivery('document', id, 'doc.signed');
    expect((await post(signed)).json()).toEqual({ received: true, effect: 'signed' });
    expect(await statusOf(id)).toBe('verified');
    const replay = await post(signed);
    expect({ status: replay.statusCode, body: replay.json() }).toEqual({ status: 200, body: { received: true, effect: 'ignored' } });
    expect((await esignList(t, who))[0]).toMatchObject({ eSignRequestID: id, signed: true });
  });

  it('a KYC request held for approval: the delivery makes us approve it at Digio; the step waits for the applicant', async () => {
    const who = await applicantAt(t, 'aadhaar_verification');
    const { requestId } = await initiate(t, who, 'kyc');
    await widget(t, requestId, 'approve');
    expect((await atDigio(requestId)).status).toBe('approval_pending');
    expect((await post(delivery('KYC_REQUEST', requestId, 'KYC_REQUEST_COMPLETED'))).json()).toEqual({ received: true, effect: 'checked' });
    expect((await atDigio(requestId)).status).toBe('approved');
    expect(await statusOf(requestId)).toBe('requested');
  });

  it('a tampered body, a wrong checksum or none: 401, and nothing changes', async () => {
    const who = await applicantAt(t, 'aadhaar_e_sign_documents');
    const [kra] = await esignList(t, who);
    const id = kra?.eSignRequestID ?? '';
    await widget(t, id, 'approve');
    const genuine = delivery('document', id, 'doc.signed');
    const tampered = { body: genuine.body.replace('doc.signed', 'doc.sign.rejected'), checksum: genuine.checksum };
    for (const sent of [tampered, { ...genuine, checksum: 'f'.repeat(64) }, { ...genuine, checksum: '' }]) {
      const response = await post(sent);
      expect({ status: response.statusCode, message: response.json<{ message: string }>().message }).toEqual({ status: 401, message: expect.stringMatching(/X-Digio-Checksum/) });
    }
    expect(await statusOf(id)).toBe('requested');
  });

  it('a signed body that is no delivery: 400; a request we never made: acknowledged, ignored', async () => {
    const junk = '{"id":"WHN_X","payload":{}}';
    const response = await post({ body: junk, checksum: digioChecksum(simulatorWebhookSecret, junk) });
    expect(response.statusCode).toBe(400);
    expect((await post(delivery('KYC_REQUEST', 'KID000000000000000NOSUCHREQUEST', 'KYC_REQUEST_APPROVED'))).json()).toEqual({ received: true, effect: 'ignored' });
  });
});

describe('POST /api/webhooks/digio without DIGIO_WEBHOOK_SECRET', () => {
  let live: TestApp;
  beforeAll(async () => {
    live = await startTestApp({
      providerEnv: {
        DIGIO_CLIENT_ID: 'client',
        DIGIO_CLIENT_SECRET: 'secret',
        DIGIO_BASE_URL: 'http://127.0.0.1:9',
        DIGIO_KYC_TEMPLATE: 'K',
        DIGIO_SELFIE_TEMPLATE: 'S',
        DIGIO_ESIGN_TEMPLATES: 'kra_form=T1',
      },
    });
  });
  afterAll(() => live.close());

  it('refuses every delivery: nothing can be checked', async () => {
    const body = '{"id":"WHN_1","event":"doc.signed","payload":{"document":{"id":"DID1"}}}';
    const response = await live.app.inject({ method: 'POST', url: '/api/webhooks/digio', payload: body, headers: { 'content-type': 'application/json', 'x-digio-checksum': digioChecksum('guess', body) } });
    expect(response.statusCode).toBe(401);
    expect(response.json<{ message: string }>().message).toMatch(/DIGIO_WEBHOOK_SECRET/);
  });
});
