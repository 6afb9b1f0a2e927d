import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { findSandboxMedia, saveSandboxMedia } from '../repositories/sandbox-media';
import type { Database } from '../../db/schema';
import { sandboxLatency } from '../call-budget';
import { minimalPdf } from '../minimal-pdf';
import { digioTimeoutMs } from './http-digio-provider';
import { ProviderError } from '../provider-error';
import { findSandboxRequest, insertSandboxRequest, setSandboxStatus } from '../repositories/sandbox-requests';
import type { IdentityApplicant, IdentityOutcome, IdentityProvider, IdentityRequest, IdentityWorkflow, SignDocument } from './identity-provider';

export const sandboxIdentityName = 'sandbox-digio';

/** What the sandbox widget can do with a request, through POST /api/dev/identity/{requestId}/{action}. */
export type SandboxIdentityAction = 'approve' | 'cancel' | 'reject';
export const sandboxIdentityActions: readonly SandboxIdentityAction[] = ['approve', 'cancel', 'reject'];

type SandboxKind = IdentityWorkflow | 'esign';

/** The widget callback, `{error_code?, message, digio_doc_id}`, exactly as Digio's SDK calls it. */
export interface WidgetCallback {
  digio_doc_id: string;
  message: string;
  error_code?: string;
}

/** The widget's own words, per workflow. A cancelled request's verify answers with the cancel message. */
export const sandboxWidgetMessages: Record<SandboxKind, { approved: string; cancelled: string; rejected: string }> = {
  kyc: { approved: 'KYC Process Completed', cancelled: 'KYC process cancelled', rejected: 'KYC request rejected' },
  selfie: { approved: 'KYC Process Completed', cancelled: 'Selfie capture cancelled', rejected: 'Selfie rejected' },
  esign: { approved: 'Signed Successfully', cancelled: 'Signing cancelled', rejected: 'Signing failed' },
};

export interface SandboxIdentityOptions {
  /** Provider latency per call; default 200 ms, 0 in tests. */
  delayMs?: number;
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Digio-like ids: a prefix, a timestamp, then random characters (KID… for KYC, DID… for documents, GWT… for tokens). */
function digioId(prefix: string, now: number): string {
  const stamp = new Date(now).toISOString().replace(/[^0-9]/g, '').slice(2, 17);
  const tail = [...randomBytes(14)].map((byte) => alphabet[byte % alphabet.length]).join('');
  return `${prefix}${stamp}${tail}`;
}

function lastFour(id: string): string {
  return String(createHash('sha256').update(id).digest().readUInt16BE(0) % 10_000).padStart(4, '0');
}

function approvedDetails(kind: SandboxKind, id: string, at: number): Record<string, unknown> {
  if (kind === 'kyc') return { actions: [{ type: 'digilocker', status: 'approved' }], aadhaar: { lastFour: lastFour(id) }, completedAt: at };
  if (kind === 'selfie') return { actions: [{ type: 'selfie', status: 'approved' }], faceMatch: 'matched', completedAt: at };
  return { signedAt: at };
}

/** The template filled in, as Digio's signed PDF shows it: the document's name, then each field and its value. */
function signedLines(document: string | null): string[] {
  if (!document) return [];
  try {
    const { name, values } = JSON.parse(document) as { name: string; values: Record<string, string> };
    return [name, ...Object.entries(values).map(([field, value]) => `${field}: ${value}`)];
  } catch {
    return [];
  }
}

/**
 * Behaves like Digio on our side: creates requests with Digio-shaped ids and tokens, and reports
 * whatever the sandbox widget did (approve, cancel, reject) through setSandboxIdentityOutcome.
 */
export function createSandboxIdentityProvider(db: Kysely<Database>, clock: () => number, options: SandboxIdentityOptions = {}): IdentityProvider {
  const delayMs = Math.max(0, options.delayMs ?? 200);
  const pause = () => sandboxLatency(sandboxIdentityName, delayMs, digioTimeoutMs);

  async function start(kind: SandboxKind, applicant: IdentityApplicant, document?: SignDocument): Promise<IdentityRequest> {
    await pause();
    const now = clock();
    const requestId = digioId(kind === 'esign' ? 'DID' : 'KID', now);
    const held = document ? JSON.stringify({ name: document.name, values: document.values }) : null;
    await insertSandboxRequest(db, { id: requestId, provider: sandboxIdentityName, kind, status: 'requested', document: held, now });
    return { requestId, identifier: applicant.identifier, token: digioId('GWT', now), status: 'requested' };
  }

  async function status(requestId: string): Promise<IdentityOutcome> {
    await pause();
    const row = await findSandboxRequest(db, sandboxIdentityName, requestId);
    if (!row) throw new ProviderError(sandboxIdentityName, 'request not found', 404);
    const kind = row.kind as SandboxKind;
    if (row.status === 'approved') return { state: 'approved', details: approvedDetails(kind, row.id, row.updated_at) };
    if (row.status === 'cancelled') return { state: 'cancelled', message: row.message ?? sandboxWidgetMessages[kind].cancelled };
    if (row.status === 'rejected') return { state: 'failed', reason: 'rejected' };
    return { state: 'pending' };
  }

  return {
    name: sandboxIdentityName,
    widget: { kind: 'sandbox', environment: 'sandbox' },
    startWorkflow: (workflow, applicant) => start(workflow, applicant),
    workflowStatus: (_workflow, requestId) => status(requestId),
    startSigning: (document: SignDocument, applicant) => start('esign', applicant, document),
    signingStatus: (requestId) => status(requestId),
    async downloadSigned(requestId) {
      const row = await findSandboxRequest(db, sandboxIdentityName, requestId);
      if (row?.kind !== 'esign' || row.status !== 'approved') throw new ProviderError(sandboxIdentityName, 'document is not signed', 400);
      return minimalPdf([`Signed with Aadhaar eSign (sandbox) - ${requestId}`, ...signedLines(row.document)]);
    },
    async selfieImage(requestId) {
      const row = await findSandboxRequest(db, sandboxIdentityName, requestId);
      if (row?.kind !== 'selfie' || row.status !== 'approved') return undefined;
      return findSandboxMedia(db, requestId);
    },
  };
}

/** A data URL of a JPEG or PNG, as the sandbox widget's camera captures it. */
export const sandboxPhotoPattern = '^data:image/(jpeg|png);base64,[A-Za-z0-9+/]+={0,2}$';

/**
 * What the sandbox widget reports: sets the outcome the provider will give, and answers with the
 * callback the widget passes on. Undefined for a request the sandbox does not hold. Cancel and
 * reject do not undo an approval, nothing undoes a rejection; approve after a cancel is a retry, as in Digio's widget.
 */
export async function setSandboxIdentityOutcome(
  db: Kysely<Database>,
  clock: () => number,
  requestId: string,
  action: SandboxIdentityAction,
  photo?: string,
): Promise<WidgetCallback | undefined> {
  const row = await findSandboxRequest(db, sandboxIdentityName, requestId);
  if (!row) return undefined;
  // The selfie's photo stays with the provider, as Digio keeps it; the server fetches it once the request is verified.
  const captured = photo ? /^data:(image\/(?:jpeg|png));base64,(.+)$/.exec(photo) : null;
  if (captured && row.kind === 'selfie' && action === 'approve' && row.status === 'requested') {
    await saveSandboxMedia(db, { requestId, mime: captured[1] ?? '', data: Buffer.from(captured[2] ?? '', 'base64'), now: clock() });
  }
  const messages = sandboxWidgetMessages[row.kind as SandboxKind];
  // A rejection is final at the provider: a new request is needed.
  if (row.status === 'rejected') return { digio_doc_id: requestId, message: messages.rejected, error_code: 'REJECTED' };
  if (row.status === 'approved' || action === 'approve') {
    if (row.status !== 'approved') await setSandboxStatus(db, sandboxIdentityName, requestId, { status: 'approved', message: null, now: clock() });
    return { digio_doc_id: requestId, message: messages.approved };
  }
  const status = action === 'cancel' ? 'cancelled' : 'rejected';
  const message = action === 'cancel' ? messages.cancelled : messages.rejected;
  await setSandboxStatus(db, sandboxIdentityName, requestId, { status, message, now: clock() });
  return { digio_doc_id: requestId, message, error_code: action === 'cancel' ? 'CANCELLED' : 'REJECTED' };
}
