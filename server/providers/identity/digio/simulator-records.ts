import { createHash, randomBytes } from 'node:crypto';
import type { SimulatorStore } from '../../simulator-store';
import type { IdentityAction, SdkCallback } from '../identity';
import { digioChecksum } from './webhook';

/**
 * What Digio's simulator keeps (sim_records, vendor 'digio'): KYC requests ('kyc': KYC and selfie templates), sign
 * requests ('document') and captured photos ('media', under their request's id, so that erasing an applicant's
 * records by request id erases the photo too), and what the applicant does in the gateway (approve, cancel, reject),
 * which the simulator's SDK dialog and /api/dev/identity/... both report here.
 */

/** The simulator's dashboard: its KYC templates, the first held for our approval (maker-checker), the selfie's not. */
export const simulatorTemplates = {
  kyc: { name: 'DIGILOCKER_AADHAAR_PAN', action: 'digilocker', approval: true },
  selfie: { name: 'SELFIE_LIVENESS', action: 'selfie', approval: false },
} as const;

export type KycTemplateKind = keyof typeof simulatorTemplates;

export interface KycRecord {
  kind: KycTemplateKind;
  status: 'requested' | 'approval_pending' | 'approved' | 'rejected';
  customer_identifier: string;
  customer_name?: string;
  reference_id?: string;
  transaction_id?: string;
  token: string;
  tokenValidTill: number;
  /** The selfie's photo, once captured: its file id (mediaFileId), kept in 'media' under the request's id. */
  fileId?: string;
  createdAt: number;
}

export interface DocumentRecord {
  template_key: string;
  template_values: Record<string, string>;
  file_name: string;
  signer: { identifier: string; name?: string; reason?: string };
  agreement_status: 'requested' | 'completed';
  party_status: 'requested' | 'signed' | 'rejected';
  token: string;
  tokenValidTill: number;
  expireInDays: number;
  createdAt: number;
}

export interface MediaRecord {
  mime: string;
  base64: string;
}

/**
 * The gateway's words in its callback: success and cancel as Digio's SDK and redirects word them (digio-kyc.md §6),
 * a rejection in the simulator's words (Digio publishes no failure wording).
 */
export const gatewayMessages = {
  kyc: { approved: 'KYC process completed', cancelled: 'KYC Process Cancelled', rejected: 'KYC request rejected' },
  esign: { approved: 'Sign Successful', cancelled: 'Signing cancelled', rejected: 'Signing failed' },
} as const;

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Digio-like ids: a prefix, a time stamp, then random characters (KID… requests, DID… documents, GWT… tokens). */
export function digioId(prefix: string, now: number): string {
  const stamp = new Date(now).toISOString().replace(/[^0-9]/g, '').slice(2, 17);
  const tail = [...randomBytes(14)].map((byte) => alphabet[byte % alphabet.length]).join('');
  return `${prefix}${stamp}${tail}`;
}

/** A photo's file id, as the selfie action names it: its request's id under Digio's file prefix (and back). */
export const mediaFileId = (requestId: string) => `FIL${requestId.slice(3)}`;
export const mediaRequestId = (fileId: string) => `KID${fileId.slice(3)}`;

/** Digio's date format in answers: '2026-01-15 10:30:00' (UTC here). */
export const digioTime = (at: number) => new Date(at).toISOString().slice(0, 19).replace('T', ' ');

/** The same four digits for the same request: the simulated Aadhaar's last four. */
export function lastFour(id: string): string {
  return String(createHash('sha256').update(id).digest().readUInt16BE(0) % 10_000).padStart(4, '0');
}

export interface WebhookTarget {
  /** Where Digio's dashboard sends webhooks: the app's /api/webhooks/digio. */
  url: string;
  secret: string;
}

/** Sends a signed webhook as Digio does after a change; delivery is Digio's business, so failures are dropped. */
export function deliverWebhook(target: WebhookTarget, envelope: Record<string, unknown>): void {
  const body = JSON.stringify(envelope);
  void fetch(target.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-digio-checksum': digioChecksum(target.secret, body) },
    body,
    signal: AbortSignal.timeout(5_000),
  })
    .then((response) => response.body?.cancel())
    .catch(() => undefined);
}

type Notify = (envelope: Record<string, unknown>) => void;

/** A webhook's envelope as Digio sends it (digio-kyc.md §8) for one request or document. */
export function envelopeFor(now: number, requestId: string, entity: string, event: string, fields: Record<string, unknown>) {
  return { id: `WHN_${digioId('', now)}`, entities: [entity], event, created_at: now, payload: { [entity]: { id: requestId, ...fields } } };
}

async function answerForDocument(store: SimulatorStore, now: number, requestId: string, action: IdentityAction, notify: Notify): Promise<SdkCallback | undefined> {
  const document = await store.get<DocumentRecord>('document', requestId);
  if (!document) return undefined;
  const words = gatewayMessages.esign;
  const callbacks: Record<DocumentRecord['party_status'], SdkCallback> = {
    signed: { digio_doc_id: requestId, message: words.approved },
    rejected: { digio_doc_id: requestId, message: words.rejected, error_code: 'REJECTED' },
    requested: { digio_doc_id: requestId, message: words.cancelled, error_code: 'CANCELLED' },
  };
  if (document.party_status !== 'requested' || action === 'cancel') return callbacks[document.party_status];
  const party_status = action === 'approve' ? 'signed' : 'rejected';
  const agreement_status = party_status === 'signed' ? 'completed' : 'requested';
  let moved = false;
  const after = await store.update<DocumentRecord>('document', requestId, (current) => {
    moved = current.party_status === 'requested';
    return moved ? { ...current, party_status, agreement_status } : current;
  });
  // A concurrent answer that came first stands (and sent its webhook).
  if (!moved) return callbacks[after?.party_status ?? party_status];
  notify(envelopeFor(now, requestId, 'document', party_status === 'signed' ? 'doc.signed' : 'doc.sign.rejected', { agreement_status }));
  return callbacks[party_status];
}

async function answerForKyc(store: SimulatorStore, now: number, requestId: string, action: IdentityAction, photo: string | undefined, notify: Notify): Promise<SdkCallback | undefined> {
  const request = await store.get<KycRecord>('kyc', requestId);
  if (!request) return undefined;
  const words = gatewayMessages.kyc;
  const callback = (status: KycRecord['status']): SdkCallback =>
    status === 'rejected' ? { digio_doc_id: requestId, message: words.rejected, error_code: 'REJECTED' } : { digio_doc_id: requestId, message: words.approved };
  if (request.status !== 'requested') return callback(request.status);
  if (action === 'cancel') return { digio_doc_id: requestId, message: words.cancelled, error_code: 'CANCELLED' };
  const captured = action === 'approve' && request.kind === 'selfie' && photo ? /^data:(image\/(?:jpeg|png));base64,(.+)$/.exec(photo) : null;
  if (captured) await store.put<MediaRecord>('media', requestId, { mime: captured[1] ?? 'image/jpeg', base64: captured[2] ?? '' });
  const status: KycRecord['status'] = action === 'reject' ? 'rejected' : simulatorTemplates[request.kind].approval ? 'approval_pending' : 'approved';
  let moved = false;
  const after = await store.update<KycRecord>('kyc', requestId, (current) => {
    moved = current.status === 'requested';
    return moved ? { ...current, status, ...(captured ? { fileId: mediaFileId(requestId) } : {}) } : current;
  });
  // A concurrent answer that came first stands (and sent its webhook).
  if (!moved) return callback(after?.status ?? status);
  const event = status === 'rejected' ? 'KYC_REQUEST_REJECTED' : status === 'approved' ? 'KYC_REQUEST_APPROVED' : 'KYC_REQUEST_COMPLETED';
  notify(envelopeFor(now, requestId, 'KYC_REQUEST', event, { status, reference_id: request.reference_id }));
  return callback(status);
}

/**
 * The applicant's answer in the gateway: the callback the SDK passes on, undefined for a request Digio does not hold.
 * Cancel changes nothing at Digio (the request stays open); approve finishes it (a KYC template with approval waits in
 * approval_pending; a selfie keeps its photo); reject ends it. Nothing undoes an approval or a rejection.
 */
export function answerInGateway(
  store: SimulatorStore,
  now: number,
  requestId: string,
  action: IdentityAction,
  photo: string | undefined,
  notify: Notify,
): Promise<SdkCallback | undefined> {
  return requestId.startsWith('DID') ? answerForDocument(store, now, requestId, action, notify) : answerForKyc(store, now, requestId, action, photo, notify);
}
