import { createHash } from 'node:crypto';
import { type NewIncomeProof, insertIncomeProof, latestVerifiedProof } from './repository';
import { lockApplicant } from '../platform/repositories/users';
import type { Transaction } from 'kysely';
import type { Database, UserRow } from '../db/schema';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { type Deadline, deadlinePassed } from '../providers/call-budget';
import { afterSaved, storeAndComplete } from '../steps/step-answers';
import { pdfMime } from '../documents/uploads/upload-kinds';
import { incomeDocumentTypes } from './income-document-types';
import { checkPdf, pdfRefusals } from '../documents/uploads/pdf/pdf-check';
import type { IncomeProofForm } from './read-income-proof';

/** F&O income proof: a checked PDF, or a skip (the account-aggregator consent: aggregator-flow.ts). */

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

/**
 * Inside the caller's transaction: records a settled proof unless the newest one is the same (a double submit, or the
 * step done again alike): one row per answer. Under the applicant's lock, so this holds across instances too.
 */
async function recordProofIn(ctx: AppContext, trx: Transaction<Database>, user: UserRow, proof: Pick<NewIncomeProof, 'kind' | 'result'>): Promise<void> {
  const result = proof.result === undefined ? null : JSON.stringify(proof.result);
  await lockApplicant(trx, user.id);
  const latest = await latestVerifiedProof(trx, user.id);
  if (latest?.kind === proof.kind && latest.result === result) return;
  await insertIncomeProof(trx, { userId: user.id, kind: proof.kind, status: 'verified', result: proof.result, now: ctx.clock() });
}

/**
 * The skip's record, the step's answers (skipped, as a nominee's skip: what an earlier upload named goes) and the move:
 * one transaction (the one save path).
 */
export async function skipIncomeProof(ctx: AppContext, user: UserRow, stepId: string, deadline: Deadline): Promise<UserRow> {
  // Past the request's deadline nothing is stored: the client was told it failed.
  if (deadlinePassed(deadline)) throw new ApiError(503, 'request.busy');
  const saved = await ctx.db.transaction().execute(async (trx) => {
    await recordProofIn(ctx, trx, user, { kind: 'skipped' });
    return storeAndComplete(ctx, trx, user, stepId, { skipped: true });
  });
  return afterSaved(ctx, saved);
}

/**
 * A PDF of one of the six types, opened with its password if it has one. The file is stored (encrypted at rest) for the
 * back office, named in the step's answers with its type; an encrypted file's password is kept sealed beside it.
 */
export async function submitManualProof(
  ctx: AppContext,
  user: UserRow,
  submission: Extract<IncomeProofSubmission, { kind: 'manual' }>,
  stepId: string,
  deadline: Deadline,
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
  // Past the request's deadline nothing is stored (documents.store checks): the client was told it failed.
  const stored = { kind: 'income_proof_pdf', mime: pdfMime, bytes: Buffer.from(file) } as const;
  const answers = (ids: string[]) => ({ documentType, documentId: ids[0], passwordProtected: check.encrypted });
  // The file, its sealed password, the proof's record, the step's answers and the move: one transaction (the one save path).
  const saved = await ctx.documents.store(user.id, [stored], deadline, async (trx, ids) => {
    // The password of an encrypted file is kept sealed for the reviewer, who cannot open the file without it.
    if (check.encrypted && password && ids[0]) await ctx.documents.keepPassword(trx, user.id, ids[0], password);
    await recordProofIn(ctx, trx, user, { kind: 'manual', result });
    return storeAndComplete(ctx, trx, user, stepId, answers(ids));
  });
  return afterSaved(ctx, saved);
}
