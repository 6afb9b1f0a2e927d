import { randomUUID } from 'node:crypto';
import type { OpsReviewer } from '../../../core/api/types';
import { type OpsRole, isOpsRole } from '../../../core/engine/ops-roles';
import { disableReviewer, findReviewerByEmail, insertReviewer, listReviewers, updateReviewerRole } from '../repositories/reviewers';
import type { ReviewerRow } from '../../db/schema';
import type { AppContext } from '../../context';
import { ApiError } from '../../errors';
import type { OpsActor } from '../reviewer-auth';


const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Emails are compared as written, ignoring case and outer spaces. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function reviewerView(row: ReviewerRow): OpsReviewer {
  return {
    email: row.email,
    role: (isOpsRole(row.role) ? row.role : 'auditor') satisfies OpsRole,
    active: row.disabled_at === null,
    addedBy: row.created_by,
    addedAt: new Date(row.created_at).toISOString(),
    disabledAt: iso(row.disabled_at),
    disabledBy: row.disabled_by,
  };
}

/**
 * Adds a reviewer, or for an email already known sets its role and enables it again. `created` tells which: the
 * route answers 201 for a new account, 200 for a changed one.
 */
export async function addReviewer(ctx: AppContext, input: { email: string; role: OpsRole }, actor: OpsActor): Promise<{ reviewer: OpsReviewer; created: boolean }> {
  const email = normaliseEmail(input.email);
  const now = ctx.clock();
  const existing = await findReviewerByEmail(ctx.db, email);
  if (existing) {
    await updateReviewerRole(ctx.db, existing.id, input.role, now);
  } else {
    await insertReviewer(ctx.db, {
      id: randomUUID(),
      email,
      role: input.role,
      created_at: now,
      created_by: actor.name,
      updated_at: now,
      disabled_at: null,
      disabled_by: null,
    });
  }
  const row = await findReviewerByEmail(ctx.db, email);
  if (!row) throw new Error('reviewer vanished right after it was written');
  return { reviewer: reviewerView(row), created: !existing };
}

export async function allReviewers(ctx: AppContext): Promise<OpsReviewer[]> {
  return (await listReviewers(ctx.db)).map(reviewerView);
}

/** Disables the account: its sessions end at once and it cannot sign in again until it is added again. */
export async function disableReviewerAccount(ctx: AppContext, emailText: string, actor: OpsActor): Promise<OpsReviewer> {
  const email = normaliseEmail(emailText);
  if (actor.kind === 'reviewer' && actor.name === email) throw new ApiError(409, 'backOffice.cannotDisableSelf');
  const row = await findReviewerByEmail(ctx.db, email);
  if (!row) throw new ApiError(404, 'backOffice.reviewerNotFound');
  await disableReviewer(ctx.db, row.id, actor.name, ctx.clock());
  const fresh = await findReviewerByEmail(ctx.db, email);
  return reviewerView(fresh ?? row);
}
