import type { FastifyBaseLogger } from 'fastify';
import type { MessageCode, Say } from '../../core/engine/message-codes';
import { apiBindings } from '../../core/engine/step-api';
import { lockApplicant } from '../platform/repositories/users';
import { afterSaved, storeAndComplete } from '../steps/step-answers';
import type { AppContext } from '../context';
import type { IncomeProofRow, UserRow } from '../db/schema';
import { ApiError } from '../errors';
import type { AggregatorNotification, DataRange } from '../providers/account-aggregator/account-aggregator';
import { type Deadline, deadlinePassed } from '../providers/call-budget';
import { maskId } from '../providers/mask-id';
import { summarizeIncome } from './income-summary';
import { attachDataSession, findByConsentId, insertIncomeProof, settleConsent } from './repository';

/**
 * Income proof through an account aggregator: a consent, then a data session once approved, then the deposit
 * statements it returns, summarised for the reviewer. Only the aggregator's own answers move a proof on (a
 * notification just says which consent to read again), and the step is done only when the data arrived: an approved
 * consent without data never completes it.
 */

export interface ConsentStart {
  redirectionUrl: string;
  consentId: string;
}

export interface ConsentStatusAnswer {
  consentStatus: 'pending' | 'success' | 'failed';
  message: string;
}

/** Where the aggregator sends the browser back to (the income-proof step's callback page). */
export const consentCallbackPath = '/income-proof/callback';
/** The route whose step the proof completes (flow.json). */
export const incomeProofRoute = 'POST /user/income-proof';
/** How far back the statements go. */
const dataMonths = 12;
/** A failed or expired data session is followed by one new one, as Setu advises; after that the bank shared nothing. */
const maxDataSessions = 2;

export type ConsentFailure = 'rejected' | 'expired' | 'failed' | 'noData';

export type ConsentProgress =
  | { kind: 'waiting'; on: 'consent' | 'data' }
  | { kind: 'verified' }
  | { kind: 'failed'; reason: ConsentFailure };

const failureMessages: Record<ConsentFailure, MessageCode> = {
  rejected: 'incomeProof.rejected',
  expired: 'incomeProof.expired',
  failed: 'incomeProof.consentFailed',
  noData: 'incomeProof.noData',
};

function monthsBefore(now: number, months: number): string {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString();
}

export async function startConsent(ctx: AppContext, user: UserRow, log: FastifyBaseLogger, deadline: Deadline): Promise<ConsentStart> {
  const aggregator = ctx.accountAggregator;
  const now = ctx.clock();
  const dataRange: DataRange = { from: monthsBefore(now, dataMonths), to: new Date(now).toISOString() };
  let consent;
  try {
    consent = await aggregator.createConsent({ mobile: user.phone, returnPath: consentCallbackPath, dataRange }, deadline);
  } catch (error) {
    log.error({ err: error, provider: aggregator.name }, 'consent request failed');
    throw new ApiError(503, 'incomeProof.unavailable');
  }
  inTime(deadline);
  await insertIncomeProof(ctx.db, { userId: user.id, kind: 'aggregator', status: 'pending', consentId: consent.id, dataRange, now: ctx.clock() });
  return { redirectionUrl: consent.url, consentId: consent.id };
}

function storedRange(row: IncomeProofRow): DataRange {
  const range = JSON.parse(row.data_range ?? '{}') as Partial<DataRange>;
  if (typeof range.from === 'string' && typeof range.to === 'string') return { from: range.from, to: range.to };
  // A consent started before the range was stored (migration 095): the year before it.
  return { from: monthsBefore(Number(row.created_at), dataMonths), to: new Date(Number(row.created_at)).toISOString() };
}

/** Past the request's deadline nothing is stored: its client was told it failed (one deadline, no late change). */
function inTime(deadline: Deadline): void {
  if (deadlinePassed(deadline)) throw new ApiError(503, 'request.busy');
}

async function fail(ctx: AppContext, row: IncomeProofRow, reason: ConsentFailure, deadline: Deadline): Promise<ConsentProgress> {
  inTime(deadline);
  await settleConsent(ctx.db, row.consent_id ?? '', { status: 'failed', result: { provider: ctx.accountAggregator.name, reason } }, ctx.clock());
  return { kind: 'failed', reason };
}

/**
 * A new data session for the consent, unless as many as allowed were opened already; another request may attach one
 * first, and then its session is the one read. Undefined: the bank shared nothing.
 */
async function openDataSession(ctx: AppContext, row: IncomeProofRow, consentId: string, deadline: Deadline): Promise<string | undefined> {
  if (row.data_sessions >= maxDataSessions) return undefined;
  const session = await ctx.accountAggregator.startDataSession(consentId, storedRange(row), deadline);
  inTime(deadline);
  if (await attachDataSession(ctx.db, consentId, row.data_session_id, session.id, ctx.clock())) return session.id;
  return (await findByConsentId(ctx.db, consentId))?.data_session_id ?? undefined;
}

/**
 * Moves a pending aggregator proof on by asking the aggregator: the consent's state until it is approved, then the
 * data session's. Settles the proof as verified (with its income summary) once deposit data with transactions arrived,
 * or as failed; a proof verified here completes the step in the same transaction when it is still the applicant's next.
 * Throws ProviderError when the aggregator cannot answer.
 */
export async function advanceConsent(ctx: AppContext, row: IncomeProofRow, deadline: Deadline): Promise<ConsentProgress> {
  const aggregator = ctx.accountAggregator;
  const consentId = row.consent_id ?? '';
  let sessionId = row.data_session_id;
  if (!sessionId) {
    const state = await aggregator.consentState(consentId, deadline);
    if (state === 'pending') return { kind: 'waiting', on: 'consent' };
    if (state !== 'approved') return fail(ctx, row, state, deadline);
    sessionId = (await openDataSession(ctx, row, consentId, deadline)) ?? null;
    if (!sessionId) return fail(ctx, row, 'noData', deadline);
  }
  const session = await aggregator.dataSession(sessionId, deadline);
  if (session.state === 'pending') return { kind: 'waiting', on: 'data' };
  if (session.state === 'failed' || session.state === 'expired') {
    const fresh = (await findByConsentId(ctx.db, consentId)) ?? row;
    return (await openDataSession(ctx, fresh, consentId, deadline)) ? { kind: 'waiting', on: 'data' } : fail(ctx, fresh, 'noData', deadline);
  }
  const summary = summarizeIncome(session.statements, storedRange(row));
  if (summary.transactions === 0) return fail(ctx, row, 'noData', deadline);
  const result = { provider: aggregator.name, dataSessionId: session.id, statements: session.statements.length };
  inTime(deadline);
  // The proof settled, the step's answers and the move (when the step is still next): one transaction (the one save path).
  const settled = await ctx.db.transaction().execute(async (trx) => {
    const user = await lockApplicant(trx, row.user_id);
    if (!(await settleConsent(trx, consentId, { status: 'verified', result, summary }, ctx.clock()))) return undefined;
    const stepId = user ? incomeProofStepNow(ctx, user) : undefined;
    return user && stepId ? storeAndComplete(ctx, trx, user, stepId, aggregatorAnswers) : undefined;
  });
  if (settled) await afterSaved(ctx, settled);
  return { kind: 'verified' };
}

/** The income-proof step's answers once an aggregator's data verified the proof (its summary is the proof's record). */
const aggregatorAnswers = { method: 'account_aggregator' } as const;

/** A proof verified while the applicant was away from the step, completed when they come back to it. */
async function completeVerified(ctx: AppContext, user: UserRow, stepId: string): Promise<void> {
  const saved = await ctx.db.transaction().execute((trx) => storeAndComplete(ctx, trx, user, stepId, aggregatorAnswers));
  await afterSaved(ctx, saved);
}

/** The income-proof step, when it is the applicant's next step (a notification may arrive after they moved on). */
export function incomeProofStepNow(ctx: AppContext, user: UserRow): string | undefined {
  const step = apiBindings(ctx.flow).get(incomeProofRoute)?.step;
  return step !== undefined && user.next_step === step ? step : undefined;
}

function failedAnswer(say: Say, row: IncomeProofRow): ConsentStatusAnswer {
  const result = JSON.parse(row.result ?? '{}') as { reason?: unknown; state?: unknown };
  const reason = result.reason ?? result.state;
  const code = typeof reason === 'string' && reason in failureMessages ? failureMessages[reason as ConsentFailure] : 'incomeProof.rejected';
  return { consentStatus: 'failed', message: say(code) };
}

type Answering = { log: FastifyBaseLogger; say: Say; deadline: Deadline };

/**
 * The applicant's own consent, moved on as far as the aggregator's answers allow. The proof verified here completes
 * `stepId`; later polls answer the same without moving anything. `say`: the request's language.
 */
export async function consentStatus(ctx: AppContext, user: UserRow, consentId: string, stepId: string, { log, say, deadline }: Answering): Promise<ConsentStatusAnswer> {
  const row = await findByConsentId(ctx.db, consentId);
  if (!row || row.user_id !== user.id) throw new ApiError(404, 'incomeProof.consentNotFound');
  if (row.status === 'verified') {
    // Verified by a notification while the applicant was away: the step moves on with this poll if it has not yet.
    if (user.next_step === stepId) await completeVerified(ctx, user, stepId);
    return { consentStatus: 'success', message: say('incomeProof.verified') };
  }
  if (row.status === 'failed') return failedAnswer(say, row);
  let progress: ConsentProgress;
  try {
    progress = await advanceConsent(ctx, row, deadline);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    log.error({ err: error, provider: ctx.accountAggregator.name, consentId: maskId(consentId) }, 'consent status failed');
    throw new ApiError(503, 'incomeProof.unavailable');
  }
  if (progress.kind === 'waiting') return { consentStatus: 'pending', message: say(progress.on === 'consent' ? 'incomeProof.pending' : 'incomeProof.fetching') };
  if (progress.kind === 'failed') return { consentStatus: 'failed', message: say(failureMessages[progress.reason]) };
  return { consentStatus: 'success', message: say('incomeProof.verified') };
}

/**
 * A notification from the aggregator, followed up: it only names a consent (no signature is documented, so nothing in
 * it is believed); that consent's state is read from the aggregator and moved on as a poll would. Idempotent: a
 * settled proof is left as it is. The step moves on only if it is still the applicant's next one.
 */
export async function followNotification(ctx: AppContext, named: AggregatorNotification, deadline: Deadline): Promise<void> {
  const aggregator = ctx.accountAggregator;
  let row = await findByConsentId(ctx.db, named.consentId);
  if (!row || row.kind !== 'aggregator' || row.status !== 'pending') return;
  // Data ready without a session of ours: the aggregator opened one by itself (auto-fetch); that is the one to read.
  if (named.about === 'data' && !row.data_session_id) {
    const sessionId = await aggregator.latestDataSession(named.consentId, deadline);
    if (sessionId && (await attachDataSession(ctx.db, named.consentId, null, sessionId, ctx.clock()))) row = (await findByConsentId(ctx.db, named.consentId)) ?? row;
  }
  await advanceConsent(ctx, row, deadline);
}
