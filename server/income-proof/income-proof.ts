import { createHash } from 'node:crypto';
import type { MessageCode, Say } from '../../core/engine/message-codes';
import type { FastifyBaseLogger } from 'fastify';
import { type NewIncomeProof, findByConsentId, insertIncomeProof, latestVerifiedProof, settleConsent } from './repository';
import { findUserById, lockApplicant } from '../platform/repositories/users';
import type { UserRow } from '../db/schema';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import type { ConsentState } from '../providers/account-aggregator/account-aggregator';
import { deadlinePassed } from '../providers/call-budget';
import { maskId } from '../providers/mask-id';
import { replaceStepAnswers } from '../steps/step-answers';
import { pdfMime } from '../documents/uploads/upload-kinds';
import { incomeDocumentTypes } from './income-document-types';
import { checkPdf, pdfRefusals } from '../documents/uploads/pdf/pdf-check';
import type { IncomeProofForm } from './read-income-proof';

/** F&O income proof: an account-aggregator consent, a checked PDF, or a skip. Each completes the step it is given. */

export type IncomeProofSubmission =
  | { kind: 'skip' }
  | { kind: 'aggregator' }
  | { kind: 'manual'; documentType: string | undefined; file: Uint8Array | undefined; password: string | undefined };

const truthy = (value: string | undefined) => value !== undefined && ['true', '1', 'on', 'yes'].includes(value.trim().toLowerCase());

/** Pure: skip wins over the aggregator flag, which wins over a document. */
export function parseSubmission(form: IncomeProofForm): IncomeProofSubmission {
  if (truthy(form.fields.skip)) return { kind: 'skip' };
  if (truthy(form.fields.account_aggregator_flow)) return { kind: 'aggregator' };
  const documentType = form.fields.document_type?.trim() || undefined;
  return { kind: 'manual', documentType, file: form.file, password: form.fields.password || undefined };
}

export interface ConsentStart {
  redirectionUrl: string;
  consentId: string;
}

export interface ConsentStatusAnswer {
  consentStatus: 'pending' | 'success' | 'failed';
  message: string;
}

/**
 * Records a settled proof unless the newest one is the same (a double submit, or the step done again alike): one
 * row per answer. Under the applicant's lock, so this holds across instances too.
 */
async function recordProof(ctx: AppContext, user: UserRow, proof: Pick<NewIncomeProof, 'kind' | 'result'>): Promise<void> {
  const result = proof.result === undefined ? null : JSON.stringify(proof.result);
  // A PDF checked past the request's deadline is not recorded: the client was told it failed.
  if (deadlinePassed()) throw new ApiError(503, 'request.busy');
  await ctx.db.transaction().execute(async (trx) => {
    await lockApplicant(trx, user.id);
    const latest = await latestVerifiedProof(trx, user.id);
    if (latest?.kind === proof.kind && latest.result === result) return;
    await insertIncomeProof(trx, { userId: user.id, kind: proof.kind, status: 'verified', result: proof.result, now: ctx.clock() });
  });
}

export async function skipIncomeProof(ctx: AppContext, user: UserRow, stepId: string): Promise<UserRow> {
  await recordProof(ctx, user, { kind: 'skipped' });
  return ctx.steps.completeStep(user, stepId);
}

export async function startConsent(ctx: AppContext, user: UserRow, log: FastifyBaseLogger): Promise<ConsentStart> {
  const aggregator = ctx.accountAggregator;
  let consent;
  try {
    consent = await aggregator.createConsent({ mobile: user.phone, reference: user.id });
  } catch (error) {
    log.error({ err: error, provider: aggregator.name }, 'consent request failed');
    throw new ApiError(503, 'incomeProof.unavailable');
  }
  await insertIncomeProof(ctx.db, { userId: user.id, kind: 'aggregator', status: 'pending', consentId: consent.id, now: ctx.clock() });
  return { redirectionUrl: consent.url, consentId: consent.id };
}

const failedMessages: Record<string, MessageCode> = { rejected: 'incomeProof.rejected', expired: 'incomeProof.expired' };

function failedAnswer(say: Say, state: unknown): ConsentStatusAnswer {
  return { consentStatus: 'failed', message: say((typeof state === 'string' && failedMessages[state]) || 'incomeProof.rejected') };
}

/**
 * The applicant's own consent, as the aggregator reports it. The first 'approved' completes
 * `stepId`; later polls answer the same without moving anything. `say`: the request's language.
 */
type Answering = { log: FastifyBaseLogger; say: Say };
export async function consentStatus(ctx: AppContext, user: UserRow, consentId: string, stepId: string, { log, say }: Answering): Promise<ConsentStatusAnswer> {
  const row = await findByConsentId(ctx.db, consentId);
  if (!row || row.user_id !== user.id) throw new ApiError(404, 'incomeProof.consentNotFound');
  if (row.status === 'verified') return { consentStatus: 'success', message: say('incomeProof.verified') };
  if (row.status === 'failed') return failedAnswer(say, (JSON.parse(row.result ?? '{}') as { state?: unknown }).state);
  let state: ConsentState;
  try {
    state = await ctx.accountAggregator.consentStatus(consentId);
  } catch (error) {
    log.error({ err: error, provider: ctx.accountAggregator.name, consentId: maskId(consentId) }, 'consent status failed');
    throw new ApiError(503, 'incomeProof.unavailable');
  }
  if (state === 'pending') return { consentStatus: 'pending', message: say('incomeProof.pending') };
  const result = { provider: ctx.accountAggregator.name, state };
  if (state !== 'approved') {
    await settleConsent(ctx.db, consentId, 'failed', result, ctx.clock());
    return failedAnswer(say, state);
  }
  if (await settleConsent(ctx.db, consentId, 'verified', result, ctx.clock())) {
    const fresh = (await findUserById(ctx.db, user.id)) ?? user;
    await ctx.steps.completeStep(fresh, stepId);
  }
  return { consentStatus: 'success', message: say('incomeProof.verified') };
}

/**
 * A PDF of one of the six types, opened with its password if it has one. The password is used here and dropped. The
 * file is stored (encrypted at rest) for the back office, named by the step's document with its type.
 */
export async function submitManualProof(
  ctx: AppContext,
  user: UserRow,
  submission: Extract<IncomeProofSubmission, { kind: 'manual' }>,
  stepId: string,
): Promise<UserRow> {
  const { documentType, file, password } = submission;
  if (!documentType || !incomeDocumentTypes.has(documentType)) throw new ApiError(400, 'incomeProof.documentType');
  if (!file || file.length === 0) throw new ApiError(400, 'incomeProof.document');
  const check = await checkPdf(file, password);
  if (check.kind !== 'ok') throw new ApiError(400, pdfRefusals[check.kind]);
  const result = {
    documentType,
    bytes: file.length,
    sha256: createHash('sha256').update(file).digest('hex'),
    pages: check.pages,
    encrypted: check.encrypted,
  };
  // Past the request's deadline nothing is stored: the client was told it failed.
  if (deadlinePassed()) throw new ApiError(503, 'request.busy');
  const stored = { kind: 'income_proof_pdf', mime: pdfMime, bytes: Buffer.from(file) } as const;
  const document = (ids: string[]) => ({ documentType, documentId: ids[0], passwordProtected: check.encrypted });
  const superseded = await ctx.documents.store(user.id, [stored], (trx, ids) => replaceStepAnswers(ctx, trx, user.id, stepId, document(ids)));
  await ctx.documents.discard(superseded);
  await recordProof(ctx, user, { kind: 'manual', result });
  return ctx.steps.completeStep(user, stepId);
}
