import type { OpsApplication, OpsApplicationList, OpsAuditEntry, OpsNameMatch } from '../../../core/api/types';
import { incomeSummaryForReview } from '../../income-proof/review';
import { findStep } from '../../../core/engine/flow';
import { indianMobilePattern } from '../../../core/engine/mobile-number';
import { namesMatch } from '../../bank/name-match';
import { evidenceOnRecord } from '../../releases/on-record';
import type { AppContext } from '../../context';
import { latestVerifiedRequest, listApplications, stepSaveTimes } from '../repositories/applications';
import { isReviewAction } from '../../../core/engine/review';
import { listAudit } from '../../platform/repositories/audit-trail';
import { findAllStepAnswers } from '../../platform/repositories/step-store';
import { findUserById } from '../../platform/repositories/users';
import type { AuditTrailRow, UserRow } from '../../db/schema';
import { ApiError } from '../../errors';
import { maskPhone } from '../../providers/mask';
import { type AnswerLabeller, releaseAnswerLabeller } from './answers';
import { documentOwners, documentSteps, opsDocument } from './documents';
import { findReviewedAnswers } from '../repositories/reviewed-answers';
import { withChanges } from './answer-changes';

export const maxPageSize = 100;
export const defaultPageSize = 50;

export interface ListQuery {
  status?: string;
  /** A whole phone number or PAN, or part of a name. */
  q?: string;
  limit?: number;
  offset?: number;
}

/** The applicant behind an ops route's `{id}`, or 404. */
export async function requireApplicant(ctx: AppContext, id: string): Promise<UserRow> {
  const user = await findUserById(ctx.db, id);
  if (!user) throw new ApiError(404, 'backOffice.applicationNotFound');
  return user;
}

function parseReasons(text: string | null): Record<string, string> | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as Record<string, string>;
  } catch {
    return null;
  }
}

function auditEntry(row: AuditTrailRow): OpsAuditEntry {
  return {
    at: new Date(Number(row.at)).toISOString(),
    actor: row.actor,
    action: row.action,
    fromStep: row.from_step,
    toStep: row.to_step,
    reasons: parseReasons(row.reasons),
    note: row.note,
  };
}

/** What a search text is: a phone number (10 digits, +91 allowed), a PAN, or part of a name. */
export function parseSearch(text: string): { phone?: string; pan?: string; name?: string } {
  const compact = text.replace(/[\s-]/g, '');
  // India's country code may come first: +91 or 91 before the ten digits.
  const phone = compact.replace(/^\+?91(?=\d{10}$)/, '');
  if (indianMobilePattern.test(phone)) return { phone };
  if (/^[A-Za-z]{5}\d{4}[A-Za-z]$/.test(compact)) return { pan: compact.toUpperCase() };
  const name = text.trim().replace(/\s+/g, ' ');
  if (name.length < 2 || /\d/.test(name)) throw new ApiError(400, 'backOffice.searchTooShort');
  return { name };
}

/** A page of applicants, longest waiting first, phones and PANs masked; `status` must be a step of the flow. */
export async function listForOps(ctx: AppContext, query: ListQuery): Promise<OpsApplicationList> {
  if (query.status !== undefined && !findStep(ctx.flow, query.status)) throw new ApiError(400, 'backOffice.unknownStatus', { status: query.status });
  const limit = Math.min(maxPageSize, query.limit ?? defaultPageSize);
  const offset = query.offset ?? 0;
  const search = query.q === undefined || query.q.trim() === '' ? undefined : parseSearch(query.q);
  const { rows, total } = await listApplications(ctx.db, { status: query.status, ...(search ? { search } : {}), limit, offset });
  const now = ctx.clock();
  const applications = await Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      phone: maskPhone(row.phone, 'X'),
      pan: row.pan ? maskPhone(row.pan, 'X') : null,
      name: (await ctx.users.present(row)).name ?? null,
      step: row.next_step,
      updatedAt: new Date(Number(row.updated_at)).toISOString(),
      waitingSeconds: Math.max(0, Math.floor((now - Number(row.updated_at)) / 1000)),
    })),
  );
  return { applications, total, limit, offset };
}

/** The PAN name beside the bank's account holder and Aadhaar's name, scored as banks score names. */
async function nameMatches(ctx: AppContext, userId: string, panName: string | null, steps: Record<string, Record<string, unknown>>): Promise<OpsNameMatch[]> {
  if (!panName) return [];
  const holder = Object.values(steps).map((document) => document.beneficiaryName).find((value) => typeof value === 'string');
  const kyc = await latestVerifiedRequest(ctx.db, userId, 'kyc');
  const aadhaarName = (JSON.parse(kyc?.result ?? '{}') as { aadhaar?: { name?: unknown } }).aadhaar?.name;
  const others: [string, unknown][] = [
    ['bank_account', holder],
    ['aadhaar', aadhaarName],
  ];
  return others.flatMap(([source, name]) => (typeof name === 'string' && name.trim() ? [{ source, name, matches: namesMatch(panName, name) }] : []));
}

/** The time of the newest review decision (reject, approve, ...) in the trail, or null before the first. */
function lastReview(audit: AuditTrailRow[]): number | null {
  const times = audit.filter((row) => isReviewAction(row.action)).map((row) => Number(row.at));
  return times.length > 0 ? Math.max(...times) : null;
}

/**
 * The whole application for review: record, answers (raw and labelled), documents, name matches, income summary, audit
 * trail; what the applicant changed after the last decision is marked (a step saved since with its changed answers,
 * old and new, a document uploaded since).
 */
export async function showForOps(ctx: AppContext, runningLabeller: AnswerLabeller, id: string): Promise<OpsApplication> {
  const row = await requireApplicant(ctx, id);
  // Read as the application's own config release has it (issue 29): its steps, order, labels and evidence texts.
  const served = await ctx.releases.serving(row.config_release);
  const labelAnswers = served === ctx ? runningLabeller : releaseAnswerLabeller(served);
  const [user, steps, documents, audit, incomeSummary, savedAt, reviewedSteps] = await Promise.all([
    served.users.present(row),
    findAllStepAnswers(ctx.db, row.id),
    ctx.documents.listOwned(row.id),
    listAudit(ctx.db, row.id),
    incomeSummaryForReview(ctx, row.id),
    stepSaveTimes(ctx.db, row.id),
    findReviewedAnswers(ctx.db, row.id),
  ]);
  const reviewedAt = lastReview(audit);
  const owners = documentSteps(served.flow, steps);
  const named = documentOwners(steps);
  const withPassword = await ctx.documents.withPasswords(documents.map((document) => document.id));
  const changed = (at: number | undefined) => reviewedAt !== null && at !== undefined && at > reviewedAt;
  const marked = labelAnswers(steps).map((entry) => {
    const at = savedAt.get(entry.step);
    return changed(at) ? { ...entry, changedAt: new Date(at ?? 0).toISOString() } : entry;
  });
  // Field by field against the answers the last decision saw (kept since migration 150; none before it).
  const documentIds = new Set(documents.map((document) => document.id));
  const answers = Object.keys(reviewedSteps).length > 0 ? withChanges(marked, labelAnswers(reviewedSteps), (value) => documentIds.has(value)) : marked;
  return {
    user,
    steps,
    answers,
    documents: documents.map((document) => ({ ...opsDocument(document, owners, named.get(document.id), withPassword.has(document.id)), ...(changed(document.created_at) ? { newSinceReview: true } : {}) })),
    nameMatches: await nameMatches(ctx, row.id, user.name ?? null, steps),
    incomeSummary,
    audit: audit.map(auditEntry),
    lastReviewAt: reviewedAt === null ? null : new Date(reviewedAt).toISOString(),
    declarations: await evidenceOnRecord(ctx, row.id, steps, served.flow.steps.map((step) => step.id)),
  };
}
