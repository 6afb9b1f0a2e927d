import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/database';
import { createIdentityProvider, parseTemplateList } from '../../server/providers/digio/create-identity-provider';
import { createDigioProvider, type DigioOptions } from '../../server/providers/digio/http-digio-provider';
import type { IdentityOutcome } from '../../server/providers/digio/identity-provider';
import { ProviderError } from '../../server/providers/provider-error';
import type { StepSavedResponse } from '../../core/api/types';
import { approvedKyc, fakeAadhaar, startDigioFake } from './digio-fake';
import { type TestApp, startTestApp } from './helpers';
import { json } from './http-peer';
import { esignList, initiate } from './identity-fixtures';
import { applicantAt, expectError, nextAfter, send } from './step-fixtures';

const applicant = { identifier: 'asha@example.com', name: 'ASHA VERMA', reference: 'user-1' };
const options = (base: string): DigioOptions => ({
  baseUrl: base,
  clientId: 'ACK-client',
  clientSecret: 'digio-secret',
  templates: { kyc: 'DIGILOCKER_KYC', selfie: 'SELFIE_LIVENESS' },
  signTemplates: { kra_form: 'TMP-KRA', account_opening_form: 'TMP-AOF' },
  timeoutMs: 2_000,
});
const basic = `Basic ${Buffer.from('ACK-client:digio-secret').toString('base64')}`;

async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('Digio HTTP adapter against a local Digio', () => {
  it('creates a KYC request from the template with basic auth and hands out id, identifier and access token', async () => {
    const fake = await startDigioFake();
    const digio = createDigioProvider(options(`${fake.base}/`));
    const request = await digio.startWorkflow('kyc', applicant);
    expect(request).toEqual({ requestId: expect.stringMatching(/^KID/), identifier: 'asha@example.com', token: expect.stringMatching(/^GWT/), status: 'requested' });
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      url: '/client/kyc/v2/request/with_template',
      body: { customer_identifier: 'asha@example.com', customer_name: 'ASHA VERMA', template_name: 'DIGILOCKER_KYC', notify_customer: false, generate_access_token: true, reference_id: 'user-1' },
    });
    expect(fake.requests[0]?.headers).toMatchObject({ authorization: basic, 'content-type': 'application/json' });
    await digio.startWorkflow('selfie', applicant);
    expect(fake.requests[1]?.body).toMatchObject({ template_name: 'SELFIE_LIVENESS' });
  });

  it('fetches the photo an approved selfie captured, from the media its selfie action names; none without one', async () => {
    const fake = await startDigioFake();
    const digio = createDigioProvider(options(fake.base));
    const { requestId } = await digio.startWorkflow('selfie', applicant);
    const photo = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    fake.state.media.set('FIL2601151000SELFIE', photo);
    fake.state.kycStatus.set(requestId, { id: requestId, status: 'approved', actions: [{ type: 'selfie', status: 'approved', file_id: 'FIL2601151000SELFIE' }] });
    expect(Buffer.from((await digio.selfieImage(requestId)) ?? [])).toEqual(photo);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', url: '/client/kyc/v2/media/FIL2601151000SELFIE' });
    expect(fake.requests.at(-1)?.headers).toMatchObject({ authorization: basic });
    fake.state.kycStatus.set(requestId, { id: requestId, status: 'approved', actions: [{ type: 'selfie', status: 'approved' }] });
    expect(await digio.selfieImage(requestId)).toBeUndefined();
    fake.state.kycStatus.set(requestId, { id: requestId, status: 'approved', actions: [{ type: 'selfie', status: 'approved', file_id: 'FIL-GONE' }] });
    expect((await providerError(digio.selfieImage(requestId))).message).toMatch(/answered 404/);
  });

  it.each<[string, Record<string, unknown>, IdentityOutcome['state'], string?]>([
    ['requested', { status: 'requested' }, 'pending'],
    ['approval_pending (done, awaiting our approval)', { status: 'approval_pending' }, 'approved'],
    ['approved', { status: 'approved' }, 'approved'],
    ['rejected', { status: 'rejected' }, 'failed', 'rejected'],
    ['expired', { status: 'expired' }, 'failed', 'expired'],
    ['failed', { status: 'failed' }, 'failed', 'failed'],
  ])('KYC status %s', async (_label, answer, state, reason) => {
    const fake = await startDigioFake();
    const digio = createDigioProvider(options(fake.base));
    const { requestId } = await digio.startWorkflow('kyc', applicant);
    fake.state.kycStatus.set(requestId, { id: requestId, ...answer });
    const outcome = await digio.workflowStatus('kyc', requestId);
    expect(outcome.state).toBe(state);
    if (reason) expect(outcome).toEqual({ state, reason });
    expect(fake.requests[1]).toMatchObject({ method: 'POST', url: `/client/kyc/v2/${requestId}/response` });
  });

  it('keeps only the Aadhaar summary of an approved KYC: name, birth date, gender, last four digits', async () => {
    const fake = await startDigioFake();
    const digio = createDigioProvider(options(fake.base));
    const { requestId } = await digio.startWorkflow('kyc', applicant);
    fake.state.kycStatus.set(requestId, approvedKyc(requestId));
    const outcome = await digio.workflowStatus('kyc', requestId);
    expect(outcome).toEqual({
      state: 'approved',
      details: {
        actions: [{ type: 'digilocker', status: 'approved' }, { type: 'selfie', status: 'approved' }],
        aadhaar: { name: 'ASHA VERMA', dob: '15/08/1990', gender: 'F', lastFour: fakeAadhaar.slice(-4) },
      },
    });
    expect(JSON.stringify(outcome)).not.toContain(fakeAadhaar);
  });

  it('creates a sign request from the document template, reads its status and downloads the signed PDF', async () => {
    const fake = await startDigioFake();
    const digio = createDigioProvider(options(fake.base));
    const request = await digio.startSigning({ key: 'kra_form', name: 'KRA Form', values: { name: 'ASHA VERMA', pan: 'ABCPV1234F' } }, applicant);
    expect(request).toMatchObject({ requestId: expect.stringMatching(/^DID/), token: expect.stringMatching(/^GWT/), identifier: 'asha@example.com' });
    expect(fake.requests[0]).toMatchObject({
      url: '/v2/client/template/multi_templates/create_sign_request',
      body: {
        signers: [{ identifier: 'asha@example.com', name: 'ASHA VERMA', sign_type: 'aadhaar', reason: 'KRA Form' }],
        templates: [{ template_key: 'TMP-KRA', template_values: { name: 'ASHA VERMA', pan: 'ABCPV1234F' } }],
        generate_access_token: true,
        send_sign_link: false,
      },
    });
    expect(await digio.signingStatus(request.requestId)).toEqual({ state: 'pending' });
    await expect(digio.downloadSigned(request.requestId)).rejects.toThrow(/answered 400/);
    fake.state.documentStatus.set(request.requestId, { agreement_status: 'completed', signing_parties: [{ status: 'signed' }] });
    expect(await digio.signingStatus(request.requestId)).toEqual({ state: 'approved', details: { signers: 1 } });
    const pdf = await digio.downloadSigned(request.requestId);
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', url: `/v2/client/document/download?document_id=${request.requestId}` });
    expect(fake.requests.at(-1)?.headers.authorization).toBe(basic);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['every signer signed (status not yet completed)', { agreement_status: 'requested', signing_parties: [{ status: 'signed' }] }, 'approved'],
    ['expired', { agreement_status: 'expired' }, 'failed'],
    ['failed', { agreement_status: 'failed' }, 'failed'],
  ])('signing status: %s', async (_label, answer, state) => {
    const fake = await startDigioFake();
    fake.state.documentStatus.set('DID1', answer);
    expect((await createDigioProvider(options(fake.base)).signingStatus('DID1')).state).toBe(state);
  });

  it('a sign request for a document without a template is refused before any call', async () => {
    const fake = await startDigioFake();
    await providerError(createDigioProvider(options(fake.base)).startSigning({ key: 'other', name: 'Other', values: {} }, applicant));
    expect(fake.requests).toHaveLength(0);
  });

  it.each<[string, (res: import('node:http').ServerResponse) => void, RegExp]>([
    ['a 500', json(500, { message: 'down' }), /answered 500/],
    ['a 401 (bad credentials)', json(401, { message: 'unauthorised' }), /answered 401/],
    ['not JSON', (res) => res.writeHead(200).end('<html>'), /not JSON/],
    ['no access token', json(200, { id: 'KID1', status: 'requested' }), /without an id or access token/],
    ['an unknown status', json(200, { id: 'KID1', status: 'strange' }), /unexpected status|without an id/],
  ])('%s is a ProviderError', async (_label, reply, message) => {
    const fake = await startDigioFake();
    fake.state.override = reply;
    const digio = createDigioProvider(options(fake.base));
    const error = await providerError(digio.startWorkflow('kyc', applicant).then(() => digio.workflowStatus('kyc', 'KID2601151000000FAKEKYCREQ01')));
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain('FAKEKYCREQ01');
  });

  it('a Digio that never answers times out', async () => {
    const fake = await startDigioFake();
    fake.state.override = () => {};
    const error = await providerError(createDigioProvider({ ...options(fake.base), timeoutMs: 100 }).workflowStatus('kyc', 'KID1234567890'));
    expect(error.message).toMatch(/timed out after 100 ms/);
  });
});

describe('choosing the identity provider', () => {
  // Never connected: providers are only built here, and the sandbox touches the database on requests only.
  const db = createDatabase({ dataDir: '/tmp/onboard-unused', databaseUrl: 'postgres://unused/none' });
  afterAll(() => db.destroy());
  const sandbox = { db, clock: Date.now };

  it('is the sandbox without DIGIO_CLIENT_ID (blank counts as unset)', () => {
    expect(createIdentityProvider({}, sandbox).name).toBe('sandbox-digio');
    expect(createIdentityProvider({ DIGIO_CLIENT_ID: ' ' }, sandbox).name).toBe('sandbox-digio');
  });

  it('is Digio with a client id, and then needs the secret and every template', () => {
    const env = { DIGIO_CLIENT_ID: 'id', DIGIO_CLIENT_SECRET: 's', DIGIO_KYC_TEMPLATE: 'K', DIGIO_SELFIE_TEMPLATE: 'S', DIGIO_ESIGN_TEMPLATES: 'kra_form=T1, account_opening_form=T2' };
    expect(createIdentityProvider(env, sandbox)).toMatchObject({ name: 'digio', widget: { kind: 'digio', environment: 'production' } });
    expect(createIdentityProvider({ ...env, DIGIO_BASE_URL: 'https://ext.digio.in:444' }, sandbox).widget).toEqual({ kind: 'digio', environment: 'sandbox' });
    expect(() => createIdentityProvider({ ...env, DIGIO_CLIENT_SECRET: '' }, sandbox)).toThrow(/DIGIO_CLIENT_SECRET is required/);
    expect(() => createIdentityProvider({ ...env, DIGIO_ESIGN_TEMPLATES: 'kra_form' }, sandbox)).toThrow(/not key=template/);
    expect(() => createIdentityProvider({ ...env, DIGIO_BASE_URL: 'ftp://x' }, sandbox)).toThrow(/http or https/);
  });

  it('parses the eSign template list', () => {
    expect(parseTemplateList('kra_form=T1, account_opening_form = T2')).toEqual({ kra_form: 'T1', account_opening_form: 'T2' });
  });
});

describe('the app with a real (local) Digio', () => {
  // A fresh fake and app per test: http-peer closes its servers after each test.
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  async function appWithDigio() {
    const fake = await startDigioFake();
    t = await startTestApp({
      providerEnv: {
        DIGIO_CLIENT_ID: 'ACK-client',
        DIGIO_CLIENT_SECRET: 'digio-secret',
        DIGIO_BASE_URL: fake.base,
        DIGIO_KYC_TEMPLATE: 'DIGILOCKER_KYC',
        DIGIO_SELFIE_TEMPLATE: 'SELFIE_LIVENESS',
        DIGIO_ESIGN_TEMPLATES: 'kra_form=TMP-KRA,account_opening_form=TMP-AOF',
      },
    });
    return { t, fake };
  }

  it('KYC: pending until Digio reports approval, then verified; the stored result has no full Aadhaar number', async () => {
    const { t, fake } = await appWithDigio();
    const who = await applicantAt(t, 'aadhaar_verification');
    const { requestId } = await initiate(t, who, 'kyc');
    expectError(await send(t, who, '/api/user/verify-workflow/kyc', { requestId }), 409, 'Verification is not complete yet, please finish it in the widget');
    fake.state.kycStatus.set(requestId, approvedKyc(requestId, 'approval_pending'));
    const verified = await send<StepSavedResponse>(t, who, '/api/user/verify-workflow/kyc', { requestId });
    expect(verified.status).toBe(200);
    expect(verified.body.user.nextStep).toBe(nextAfter('aadhaar_verification'));
    const db = createDatabase({ dataDir: t.dir, databaseUrl: t.databaseUrl });
    try {
      const row = await db.selectFrom('identity_requests').select('result').where('request_id', '=', requestId).executeTakeFirstOrThrow();
      expect(JSON.parse(row.result ?? '{}')).toMatchObject({ provider: 'digio', aadhaar: { lastFour: fakeAadhaar.slice(-4) } });
      expect(row.result).not.toContain(fakeAadhaar);
    } finally {
      await db.destroy();
    }
  });

  it('eSign: the list asks Digio for one sign request per document; documents Digio reports completed count as signed', async () => {
    const { t, fake } = await appWithDigio();
    const who = await applicantAt(t, 'aadhaar_e_sign_documents');
    const list = await esignList(t, who);
    expect(fake.requests.map((request) => (request.body as { templates?: { template_key: string }[] } | undefined)?.templates?.[0]?.template_key)).toEqual(['TMP-KRA', 'TMP-AOF']);
    for (const entry of list) fake.state.documentStatus.set(entry.eSignRequestID, { agreement_status: 'completed', signing_parties: [{ status: 'signed' }] });
    expect((await send<StepSavedResponse>(t, who, '/api/user/initiate-verification', {})).body.user.nextStep).toBe(nextAfter('aadhaar_e_sign_documents'));
  });

  it('Digio down (502): 503 with a clear message', async () => {
    const { t, fake } = await appWithDigio();
    const who = await applicantAt(t, 'aadhaar_verification');
    fake.state.override = json(502, { message: 'bad gateway' });
    expectError(await send(t, who, '/api/user/initiate-workflow/kyc', {}), 503, 'Verification service is unavailable, please try again');
    expect(fake.requests).toHaveLength(1);
  });

  it('the sandbox control does not reach real requests: 404', async () => {
    const { t } = await appWithDigio();
    const who = await applicantAt(t, 'aadhaar_verification');
    const { requestId } = await initiate(t, who, 'kyc');
    expect((await t.app.inject({ method: 'POST', url: `/api/dev/identity/${requestId}/approve` })).statusCode).toBe(404);
  });
});
