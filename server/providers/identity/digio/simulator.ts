import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { esignDocuments } from '../../../identity/esign-document-list';
import { minimalPdf } from '../../minimal-pdf';
import type { SimulatorDeps, VendorSettings } from '../../vendor';
import {
  type DocumentRecord,
  type KycRecord,
  type KycTemplateKind,
  type MediaRecord,
  deliverWebhook,
  digioId,
  envelopeFor,
  digioTime,
  lastFour,
  mediaRequestId,
  simulatorTemplates,
} from './simulator-records';

/**
 * Digio's REST API on loopback (mounted at /digio on the simulators' server): the paths, Basic auth, bodies, status
 * words, errors and signed webhooks of shared/vendors/digio-kyc.md and digio-esign.md, as the fixtures beside this file
 * record them. Its dashboard holds the templates of `simulatorTemplates` and one eSign template per document of
 * server/identity/esign-document-list.ts. The applicant's side (the SDK's gateway) is simulator-gateway.ts.
 */

export const simulatorCredentials = { clientId: 'digio-simulator', clientSecret: 'digio-simulator-secret' } as const;
/** The webhook secret of the simulator's dashboard, and the client's DIGIO_WEBHOOK_SECRET with it. */
export const simulatorWebhookSecret = 'digio-simulator-webhook-secret';
/** Where the simulator's SDK is served on the app (browserRoutes at /sim/digio). */
export const simulatorSdkPath = '/sim/digio/sdk/v11/digio.js';

const esignTemplateKey = (documentKey: string) => `TMP_SIM_${documentKey.toUpperCase()}`;
const esignTemplates = new Set(esignDocuments.map((document) => esignTemplateKey(document.key)));
/** A signing or access token's life: Digio's is its own, shorter than the request's (digio-kyc.md §10). */
const tokenLifeMs = 10 * 86_400_000;

/** The settings that point the client at the simulator listening at `baseUrl` (…/digio). */
export function simulatorSettings(baseUrl: string): VendorSettings {
  return {
    DIGIO_BASE_URL: baseUrl,
    DIGIO_CLIENT_ID: simulatorCredentials.clientId,
    DIGIO_CLIENT_SECRET: simulatorCredentials.clientSecret,
    DIGIO_KYC_TEMPLATE: simulatorTemplates.kyc.name,
    DIGIO_SELFIE_TEMPLATE: simulatorTemplates.selfie.name,
    DIGIO_ESIGN_TEMPLATES: esignDocuments.map((document) => `${document.key}=${esignTemplateKey(document.key)}`).join(','),
    DIGIO_WEBHOOK_SECRET: simulatorWebhookSecret,
    DIGIO_SDK_URL: simulatorSdkPath,
  };
}

/** Digio's error answer: `{code, message}` (digio-kyc.md §9); the codes and wording are the simulator's own. */
function refuse(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).send({ code, message });
}

function authorised(request: FastifyRequest): boolean {
  const expected = `Basic ${Buffer.from(`${simulatorCredentials.clientId}:${simulatorCredentials.clientSecret}`).toString('base64')}`;
  return request.headers.authorization === expected;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
const object = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** The simulated Aadhaar of a finished DigiLocker action: the customer's name, a stable birth date and last four. */
function aadhaarOf(id: string, request: KycRecord) {
  const four = lastFour(id);
  return {
    name: (request.customer_name ?? 'APPLICANT').toUpperCase(),
    dob: `${String((Number(four) % 28) + 1).padStart(2, '0')}/0${(Number(four) % 9) + 1}/19${80 + (Number(four) % 20)}`,
    gender: Number(four) % 2 === 0 ? 'F' : 'M',
    id_number: `XXXXXXXX${four}`,
    current_address: '12 MG Road, Indiranagar, Bengaluru, Karnataka, 560038',
    current_address_details: { address: '12 MG Road', locality_or_post_office: 'Indiranagar', district_or_city: 'Bengaluru', state: 'Karnataka', pincode: '560038' },
  };
}

/** `/client/kyc/v2/{id}/response`: the request, one action per template step. */
function kycAnswer(id: string, request: KycRecord) {
  const template = simulatorTemplates[request.kind];
  const finished = request.status === 'approval_pending' || request.status === 'approved';
  const action: Record<string, unknown> = { type: template.action, status: finished ? 'approved' : request.status };
  if (finished && template.action === 'digilocker') {
    action.execution_request_id = `RID${id.slice(3)}`;
    action.details = { aadhaar: aadhaarOf(id, request) };
  }
  if (request.fileId) action.file_id = request.fileId;
  return {
    id,
    status: request.status,
    customer_identifier: request.customer_identifier,
    ...(request.reference_id ? { reference_id: request.reference_id } : {}),
    ...(request.transaction_id ? { transaction_id: request.transaction_id } : {}),
    actions: [action],
  };
}

/** `/v2/client/document/{id}`: the sign request with its party's status. */
function documentAnswer(id: string, document: DocumentRecord) {
  const signed = document.party_status === 'signed';
  return {
    id,
    is_agreement: true,
    agreement_type: 'outbound',
    agreement_status: document.agreement_status,
    file_name: document.file_name,
    created_at: digioTime(document.createdAt),
    self_signed: false,
    no_of_pages: 1,
    signing_parties: [
      {
        ...(document.signer.name ? { name: document.signer.name } : {}),
        identifier: document.signer.identifier,
        status: document.party_status,
        type: 'self',
        signature_type: 'aadhaar',
        ...(document.signer.reason ? { reason: document.signer.reason } : {}),
        expire_on: digioTime(document.createdAt + document.expireInDays * 86_400_000),
        ...(signed ? { pki_signature_details: { name: document.signer.name ?? '', aadhaar_suffix: lastFour(id), name_validation_score: 100 } } : {}),
      },
    ],
  };
}

/** The template filled in, as the signed PDF shows it: the document's name, then each field and its value. */
function signedLines(id: string, document: DocumentRecord): string[] {
  return [`Signed with Aadhaar eSign (Digio simulator) - ${id}`, document.signer.reason ?? document.file_name, ...Object.entries(document.template_values).map(([field, value]) => `${field}: ${value}`)];
}

export function simulatorRoutes(deps: SimulatorDeps): FastifyPluginAsync {
  const { store } = deps;
  const webhook = { url: `${deps.publicUrl.replace(/\/+$/, '')}/api/webhooks/digio`, secret: simulatorWebhookSecret };
  return async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      if (deps.delayMs > 0) await sleep(deps.delayMs);
      if (!authorised(request)) return refuse(reply, 401, 'INVALID_API_CREDENTIALS', 'Invalid client id or secret');
    });

    app.post('/client/kyc/v2/request/with_template', async (request, reply) => {
      const body = object(request.body);
      const identifier = text(body.customer_identifier);
      const kind = (Object.keys(simulatorTemplates) as KycTemplateKind[]).find((key) => simulatorTemplates[key].name === text(body.template_name));
      if (!identifier) return refuse(reply, 400, 'BAD_REQUEST', 'customer_identifier is required');
      if (!kind) return refuse(reply, 400, 'BAD_REQUEST', 'No such template');
      const now = deps.clock();
      const id = digioId('KID', now);
      const record: KycRecord = {
        kind,
        status: 'requested',
        customer_identifier: identifier,
        ...(text(body.customer_name) ? { customer_name: text(body.customer_name) } : {}),
        ...(text(body.reference_id) ? { reference_id: text(body.reference_id) } : {}),
        ...(text(body.transaction_id) ? { transaction_id: text(body.transaction_id) } : {}),
        token: digioId('GWT', now),
        tokenValidTill: now + tokenLifeMs,
        createdAt: now,
      };
      await store.insert('kyc', id, record);
      const { actions: _actions, ...created } = kycAnswer(id, record);
      return body.generate_access_token === true ? { ...created, access_token: { id: record.token, valid_till: digioTime(record.tokenValidTill) } } : created;
    });

    app.post<{ Params: { id: string } }>('/client/kyc/v2/:id/response', async (request, reply) => {
      const record = await store.get<KycRecord>('kyc', request.params.id);
      if (!record) return refuse(reply, 404, 'NOT_FOUND', 'No such request');
      return kycAnswer(request.params.id, record);
    });

    app.post<{ Params: { id: string } }>('/client/kyc/v2/request/:id/manage_approval', async (request, reply) => {
      const { id } = request.params;
      if (text(object(request.body).status) !== 'approved') return refuse(reply, 400, 'BAD_REQUEST', 'status must be approved');
      const record = await store.get<KycRecord>('kyc', id);
      if (!record) return refuse(reply, 404, 'NOT_FOUND', 'No such request');
      // Only the call that moves it approves it (and sends the webhook): a second approval is refused.
      let moved = false;
      const approved = await store.update<KycRecord>('kyc', id, (current) => {
        moved = current.status === 'approval_pending';
        return moved ? { ...current, status: 'approved' } : current;
      });
      if (!moved || !approved) return refuse(reply, 400, 'INVALID_STATE', `The request is ${approved?.status ?? record.status}, not approval_pending`);
      deliverWebhook(webhook, envelopeFor(deps.clock(), id, 'KYC_REQUEST', 'KYC_REQUEST_APPROVED', { status: 'approved', reference_id: record.reference_id }));
      return kycAnswer(id, approved);
    });

    app.get<{ Params: { fileId: string }; Querystring: { base64?: string } }>('/client/kyc/v2/media/:fileId', async (request, reply) => {
      const { fileId } = request.params;
      const media = fileId.startsWith('FIL') ? await store.get<MediaRecord>('media', mediaRequestId(fileId)) : undefined;
      if (!media) return refuse(reply, 404, 'NOT_FOUND', 'No such file');
      if (request.query.base64 === 'true') return { file_in_base64: media.base64 };
      return reply.type(media.mime).send(Buffer.from(media.base64, 'base64'));
    });

    app.post('/v2/client/template/multi_templates/create_sign_request', async (request, reply) => {
      const body = object(request.body);
      const signer = object(Array.isArray(body.signers) ? body.signers[0] : undefined);
      const template = object(Array.isArray(body.templates) ? body.templates[0] : undefined);
      const identifier = text(signer.identifier);
      const templateKey = text(template.template_key);
      if (!identifier) return refuse(reply, 400, 'BAD_REQUEST', 'signers[].identifier is required');
      if (!templateKey || !esignTemplates.has(templateKey)) return refuse(reply, 400, 'BAD_REQUEST', 'No such template');
      const values = Object.fromEntries(Object.entries(object(template.template_values)).map(([field, value]) => [field, String(value)]));
      const now = deps.clock();
      const id = digioId('DID', now);
      const record: DocumentRecord = {
        template_key: templateKey,
        template_values: values,
        file_name: text(body.file_name) ?? `${templateKey}.pdf`,
        signer: { identifier, ...(text(signer.name) ? { name: text(signer.name) } : {}), ...(text(signer.reason) ? { reason: text(signer.reason) } : {}) },
        agreement_status: 'requested',
        party_status: 'requested',
        token: digioId('GWT', now),
        tokenValidTill: now + tokenLifeMs,
        expireInDays: typeof body.expire_in_days === 'number' ? body.expire_in_days : 10,
        createdAt: now,
      };
      await store.insert('document', id, record);
      const answer = documentAnswer(id, record);
      return body.generate_access_token === true ? { ...answer, access_token: { id: record.token, entity_id: id, valid_till: digioTime(record.tokenValidTill) } } : answer;
    });

    app.get<{ Querystring: { document_id?: string } }>('/v2/client/document/download', async (request, reply) => {
      const id = request.query.document_id ?? '';
      const document = await store.get<DocumentRecord>('document', id);
      if (!document) return refuse(reply, 404, 'NOT_FOUND', 'No such document');
      if (document.agreement_status !== 'completed') return refuse(reply, 400, 'DOCUMENT_NOT_SIGNED', 'Document is not signed yet');
      return reply.type('application/pdf').send(Buffer.from(minimalPdf(signedLines(id, document))));
    });

    app.get<{ Params: { id: string } }>('/v2/client/document/:id', async (request, reply) => {
      const document = await store.get<DocumentRecord>('document', request.params.id);
      if (!document) return refuse(reply, 404, 'NOT_FOUND', 'No such document');
      return documentAnswer(request.params.id, document);
    });
  };
}
