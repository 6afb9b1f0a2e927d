import type { OpsApplication, OpsApplicationList, OpsAuditEntry } from '../../src/api/types';
import { findStep } from '../../src/engine/flow';
import type { AppContext } from '../context';
import { listApplications } from '../db/repositories/applications';
import { listAudit } from '../db/repositories/audit-trail';
import { findStepDocuments } from '../db/repositories/step-data';
import { findUserById } from '../db/repositories/users';
import type { AuditTrailRow, UserRow } from '../db/schema';
import { ApiError } from '../errors';
import { maskPhone } from '../providers/mask';
import type { DocumentLinks } from './document-links';

export const applicationNotFound = 'application not found';
export const maxPageSize = 100;
export const defaultPageSize = 50;

export interface ListQuery {
  status?: string;
  limit?: number;
  offset?: number;
}

/** The applicant behind an ops route's `{id}`, or 404. */
export async function requireApplicant(ctx: AppContext, id: string): Promise<UserRow> {
  const user = await findUserById(ctx.db, id);
  if (!user) throw new ApiError(404, applicationNotFound);
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
    // PostgreSQL may return bigint columns as strings.
    at: new Date(Number(row.at)).toISOString(),
    actor: row.actor,
    action: row.action,
    fromStep: row.from_step,
    toStep: row.to_step,
    reasons: parseReasons(row.reasons),
    note: row.note,
  };
}

/** A page of applicants with masked phones; `status` must be a step of the flow. */
export async function listForOps(ctx: AppContext, query: ListQuery): Promise<OpsApplicationList> {
  if (query.status !== undefined && !findStep(ctx.flow, query.status)) throw new ApiError(400, `unknown status '${query.status}'`);
  const limit = Math.min(maxPageSize, query.limit ?? defaultPageSize);
  const offset = query.offset ?? 0;
  const { rows, total } = await listApplications(ctx.db, { status: query.status, limit, offset });
  const applications = await Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      phone: maskPhone(row.phone, 'X'),
      name: (await ctx.users.present(row)).name ?? null,
      step: row.next_step,
      updatedAt: new Date(Number(row.updated_at)).toISOString(),
    })),
  );
  return { applications, total, limit, offset };
}

/** The whole application for review: the user record, every step document, document links and the audit trail. */
export async function showForOps(ctx: AppContext, documents: DocumentLinks, id: string): Promise<OpsApplication> {
  const row = await requireApplicant(ctx, id);
  const [user, steps, links, audit] = await Promise.all([
    ctx.users.present(row),
    findStepDocuments(ctx.db, row.id),
    documents.forApplicant(row.id),
    listAudit(ctx.db, row.id),
  ]);
  return { user, steps, documents: links, audit: audit.map(auditEntry) };
}
