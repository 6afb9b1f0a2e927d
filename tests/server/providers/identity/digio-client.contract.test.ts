import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { noDeadline } from '../../../../server/providers/call-budget';
import { createHttp } from '../../../../server/providers/http';
import { ProviderError } from '../../../../server/providers/provider-error';
import { type IdentityOutcome, WebhookRefused } from '../../../../server/providers/identity/identity';
import { createDigioClient, type DigioSettings } from '../../../../server/providers/identity/digio/client';
import { identitySdk } from '../../../../server/providers/identity/digio/sdk-hosts';
import { kycStatuses } from '../../../../server/providers/identity/digio/answers';
import { answerOf, fixture, scriptedDigio, tinyJpeg } from './digio-fixtures';

/** The client against Digio's documented examples: each request as the fixture records it, each answer read as documented. */

const applicant = { identifier: 'asha.verma@example.in', name: 'ASHA VERMA', reference: 'applicant-0001' };
const kid = 'KID2601151000009001ASHAKYCREQ1';
const did = 'DID2601151030009001ASHAKRAFRM1';
const webhookSecret = fixture('webhook-kyc-approved').secret;

const settings = (baseUrl: string, overrides: Partial<DigioSettings> = {}): DigioSettings => ({
  baseUrl,
  clientId: 'ACK-client',
  clientSecret: 'digio-secret',
  templates: { kyc: 'DIGILOCKER_AADHAAR_PAN', selfie: 'SELFIE_LIVENESS' },
  signTemplates: { kra_form: 'TMP2601010000KRAFORM0001' },
  webhookSecret,
  sdk: identitySdk(baseUrl, undefined),
  ...overrides,
});

let closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

async function digioWith(files: Record<string, Buffer> = {}, overrides: Partial<DigioSettings> = {}) {
  const digio = await scriptedDigio(files);
  closing.push(digio.close);
  return { digio, client: createDigioClient(settings(digio.base, overrides), createHttp('digio')) };
}

async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(() => undefined, (failure: unknown) => failure);
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('Digio client: KYC', () => {
  it('creates a request from the template (kyc-create), Basic auth, and hands the SDK its id, identifier and access token', async () => {
    const { digio, client } = await digioWith();
    digio.expect('kyc-create');
    expect(await client.startWorkflow('kyc', applicant, noDeadline)).toEqual({ requestId: kid, identifier: applicant.identifier, token: 'GWT2601151000009001ASHATOKEN1', status: 'requested' });
    digio.done();
    expect(digio.received[0]?.headers.authorization).toBe(`Basic ${Buffer.from('ACK-client:digio-secret').toString('base64')}`);
  });

  it('a request not finished yet is pending (kyc-response-requested)', async () => {
    const { digio, client } = await digioWith();
    digio.expect('kyc-response-requested');
    expect(await client.workflowStatus('kyc', kid, noDeadline)).toEqual({ state: 'pending' });
    digio.done();
  });

  it('approval_pending: approved with manage_approval, the result fetched again, and only the Aadhaar summary kept', async () => {
    const { digio, client } = await digioWith();
    for (const name of ['kyc-response-approval-pending', 'kyc-manage-approval', 'kyc-response-approved']) digio.expect(name);
    const outcome = await client.workflowStatus('kyc', kid, noDeadline);
    digio.done();
    expect(outcome).toEqual({
      state: 'approved',
      details: { actions: [{ type: 'digilocker', status: 'approved' }], aadhaar: { name: 'ASHA VERMA', dob: '15/08/1990', gender: 'F', lastFour: '4821' } },
    });
    expect(JSON.stringify(outcome)).not.toContain('MG Road');
  });

  it('approval refused because someone approved first (4xx): the result fetched next decides', async () => {
    const { digio, client } = await digioWith();
    digio.expect('kyc-response-approval-pending');
    digio.expect('kyc-manage-approval', { status: 400, body: { code: 'INVALID_STATE', message: 'already approved' } });
    digio.expect('kyc-response-approved');
    expect((await client.workflowStatus('kyc', kid, noDeadline)).state).toBe('approved');
    digio.done();
  });

  it('still approval_pending after our approval: pending (asked again later), never approved on our word', async () => {
    const { digio, client } = await digioWith();
    for (const name of ['kyc-response-approval-pending', 'kyc-manage-approval', 'kyc-response-approval-pending']) digio.expect(name);
    expect(await client.workflowStatus('kyc', kid, noDeadline)).toEqual({ state: 'pending' });
    digio.done();
  });

  const documentedWords = Object.keys(kycStatuses).filter((word) => word !== 'approval_pending');
  it.each<[string, IdentityOutcome['state'], string | undefined]>([
    ['requested', 'pending', undefined],
    ['approved', 'approved', undefined],
    ['completed', 'approved', undefined],
    ['rejected', 'failed', 'rejected'],
    ['expired', 'failed', 'expired'],
    ['terminated', 'failed', 'failed'],
    ['APPROVED', 'approved', undefined],
  ])('status %s → %s', async (word, state, reason) => {
    const { digio, client } = await digioWith();
    digio.expect('kyc-response-approved', { body: { ...answerOf('kyc-response-approved'), status: word } });
    const outcome = await client.workflowStatus('kyc', kid, noDeadline);
    digio.done();
    expect(outcome.state).toBe(state);
    if (reason) expect(outcome).toEqual({ state, reason });
  });

  it('every documented status word is covered above', () => {
    expect(documentedWords.sort()).toEqual(['approved', 'completed', 'expired', 'rejected', 'requested', 'terminated']);
  });

  it.each(['on_hold', ''])('a status word Digio does not document (%j) fails the request, naming the word: the applicant starts again', async (word) => {
    const { digio, client } = await digioWith();
    digio.expect('kyc-response-approved', { body: { ...answerOf('kyc-response-approved'), status: word } });
    expect(await client.workflowStatus('kyc', kid, noDeadline)).toEqual({ state: 'failed', reason: 'failed', unknownStatus: word || '(none)' });
    digio.done();
  });

  it("the selfie's photo: the selfie action's file_id through the media API (selfie-response-approved, media-selfie)", async () => {
    const { digio, client } = await digioWith({ 'media-selfie': tinyJpeg });
    digio.expect('selfie-response-approved');
    digio.expect('media-selfie');
    expect(Buffer.from((await client.selfieImage('KID2601151020009001ASHASELFIE1', noDeadline)) ?? [])).toEqual(tinyJpeg);
    digio.done();
  });

  it("an approved answer is final: fetched once for the webhook's status call, the verify's and the selfie's photo", async () => {
    const { digio, client } = await digioWith({ 'media-selfie': tinyJpeg });
    const selfie = 'KID2601151020009001ASHASELFIE1';
    digio.expect('selfie-response-approved');
    digio.expect('media-selfie');
    const first = await client.workflowStatus('selfie', selfie, noDeadline);
    expect(first.state).toBe('approved');
    expect(await client.workflowStatus('selfie', selfie, noDeadline)).toEqual(first);
    expect(Buffer.from((await client.selfieImage(selfie, noDeadline)) ?? [])).toEqual(tinyJpeg);
    digio.done();
  });

  it('a request not approved yet is asked again at every status call', async () => {
    const { digio, client } = await digioWith();
    digio.expect('kyc-response-requested');
    digio.expect('kyc-response-requested');
    expect(await client.workflowStatus('kyc', kid, noDeadline)).toEqual({ state: 'pending' });
    expect(await client.workflowStatus('kyc', kid, noDeadline)).toEqual({ state: 'pending' });
    digio.done();
  });

  it('a selfie action without a file names no photo; a file Digio no longer has is its error', async () => {
    const { digio, client } = await digioWith();
    const answer = answerOf('selfie-response-approved');
    digio.expect('selfie-response-approved', { body: { ...answer, actions: [{ type: 'selfie', status: 'approved' }] } });
    expect(await client.selfieImage('KID2601151020009001ASHASELFIE1', noDeadline)).toBeUndefined();
    digio.expect('selfie-response-approved');
    digio.expect('media-selfie', { status: 404, bytesStartWith: '' });
    expect((await providerError(client.selfieImage('KID2601151020009001ASHASELFIE1', noDeadline))).message).toMatch(/answered 404/);
    digio.done();
  });
});

describe('Digio client: eSign', () => {
  const document = { key: 'kra_form', name: 'KRA Form', values: { name: 'ASHA VERMA', pan: 'ABCPV1234F' } };

  it('creates a sign request from the template (esign-create); status, then the signed PDF', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const { digio, client } = await digioWith({ 'esign-download': pdf });
    digio.expect('esign-create');
    expect(await client.startSigning(document, applicant, noDeadline)).toEqual({ requestId: did, identifier: applicant.identifier, token: 'GWT2601151030009001ASHATOKEN2', status: 'requested' });
    digio.expect('esign-status-requested');
    expect(await client.signingStatus(did, noDeadline)).toEqual({ state: 'pending' });
    digio.expect('esign-download-unsigned');
    expect((await providerError(client.downloadSigned(did, noDeadline))).message).toMatch(/answered 400/);
    digio.expect('esign-status-completed');
    expect(await client.signingStatus(did, noDeadline)).toEqual({ state: 'approved', details: { signers: 1 } });
    digio.expect('esign-download');
    expect(Buffer.from(await client.downloadSigned(did, noDeadline))).toEqual(pdf);
    digio.done();
  });

  const status = (agreement: string, party: string) => {
    const body = answerOf('esign-status-requested');
    return { ...body, agreement_status: agreement, signing_parties: [{ ...(body.signing_parties as object[])[0], status: party }] };
  };
  it.each<[string, Record<string, unknown>, IdentityOutcome]>([
    ['every party signed, status not yet completed', status('requested', 'signed'), { state: 'approved', details: { signers: 1 } }],
    ['expired', status('expired', 'requested'), { state: 'failed', reason: 'expired' }],
    ['the party expired', status('requested', 'expired'), { state: 'failed', reason: 'expired' }],
    ['the party rejected', status('requested', 'rejected'), { state: 'failed', reason: 'rejected' }],
    ['a status word Digio does not document', status('on_hold', 'requested'), { state: 'failed', reason: 'failed', unknownStatus: 'on_hold' }],
  ])('signing status: %s', async (_label, body, outcome) => {
    const { digio, client } = await digioWith();
    digio.expect('esign-status-requested', { body });
    expect(await client.signingStatus(did, noDeadline)).toEqual(outcome);
    digio.done();
  });

  it('a document without a configured template is refused before any call', async () => {
    const { digio, client } = await digioWith();
    await providerError(client.startSigning({ ...document, key: 'other' }, applicant, noDeadline));
    digio.done();
    expect(digio.received).toEqual([]);
  });

  it('a download that is no PDF is refused', async () => {
    const { digio, client } = await digioWith({ 'esign-download': Buffer.from('<html>') });
    digio.expect('esign-download');
    expect((await providerError(client.downloadSigned(did, noDeadline))).message).toMatch(/not a PDF/);
  });
});

describe('Digio client: errors and the deadline', () => {
  it('wrong credentials: 401 (error-unauthorised) is a ProviderError naming the status, never the request id', async () => {
    const { digio, client } = await digioWith({}, { clientId: 'wrong', clientSecret: 'wrong' });
    digio.expect('error-unauthorised');
    const error = await providerError(client.startWorkflow('kyc', applicant, noDeadline));
    digio.done();
    expect(error.message).toMatch(/answered 401/);
    expect(error.status).toBe(401);
  });

  it("Digio's website instead of its API (an HTML 200) is refused, and the masked id is all the error says", async () => {
    const { digio, client } = await digioWith();
    digio.expect('kyc-response-requested', { body: '<html>' as unknown as Record<string, unknown> });
    const error = await providerError(client.workflowStatus('kyc', kid, noDeadline));
    expect(error.message).toMatch(/not a JSON object/);
    expect(error.message).not.toContain(kid);
  });

  it("a Digio that never answers fails inside the request's budget, long before the call's own 10 s", async () => {
    const { digio, client } = await digioWith();
    digio.hang();
    const started = performance.now();
    const error = await providerError(client.workflowStatus('kyc', kid, performance.now() + 300));
    expect(error.message).toMatch(/timed out after \d+ ms/);
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});

describe('Digio client: webhooks', () => {
  const delivery = (name: string) => {
    const { request } = fixture(name);
    const headers = request.headers ?? {};
    return { body: Buffer.from(String(request.body)), header: (header: string) => headers[header] };
  };

  it.each([
    ['webhook-kyc-approved', { id: 'WHN_2601151005009001KYCAPPR01', event: 'kyc.request.approved', requestId: kid }],
    ['webhook-doc-signed', { id: 'WHN_2601151035009001DOCSIGN01', event: 'doc.signed', requestId: did }],
  ])('%s: the checksum holds; the delivery names its request', async (name, read) => {
    const { client } = await digioWith();
    const { body, header } = delivery(name);
    expect(client.readWebhook(body, header)).toEqual(read);
  });

  const refused = (run: () => unknown): WebhookRefused => {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(WebhookRefused);
      return error as WebhookRefused;
    }
    throw new Error('not refused');
  };

  it('a tampered body, a wrong or missing checksum, or no secret configured: refused (401)', async () => {
    const { client } = await digioWith();
    const { body, header } = delivery('webhook-kyc-approved');
    const tampered = Buffer.from(body.toString().replace('"approved"', '"rejected"'));
    expect(refused(() => client.readWebhook(tampered, header)).status).toBe(401);
    expect(refused(() => client.readWebhook(body, () => 'f'.repeat(64))).status).toBe(401);
    expect(refused(() => client.readWebhook(body, () => undefined)).status).toBe(401);
    const { client: noSecret } = await digioWith({}, { webhookSecret: undefined });
    expect(refused(() => noSecret.readWebhook(body, header)).message).toMatch(/DIGIO_WEBHOOK_SECRET/);
  });
});
