import type { OpsDocument } from '../../../core/api/types';
import type { FlowConfig } from '../../../core/engine/flow-types';
import type { AppContext } from '../../context';
import { appendAudit } from '../../platform/repositories/audit-trail';
import type { DocumentRow } from '../../db/schema';
import { ApiError } from '../../errors';
import type { OpsActor } from '../reviewer-auth';
import { documentIdPattern, kindLabel } from '../../documents/document-reply';
import type { OwnedDocument } from '../../documents/uploads/documents-service';
import type { AuditClock } from '../audit-clock';


/** Every string in a step's answers, at any depth: the document ids they name among them. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** Which step's answer names each document id; the first step in flow order wins. */
export function documentSteps(flow: FlowConfig, steps: Record<string, Record<string, unknown>>): Map<string, string> {
  const owners = new Map<string, string>();
  for (const step of flow.steps) {
    for (const text of strings(steps[step.id])) if (documentIdPattern.test(text) && !owners.has(text)) owners.set(text, step.id);
  }
  return owners;
}

/**
 * Whose document each is, where an answer names a document beside a person's name (each nominee's proof): id → name.
 */
export function documentOwners(steps: Record<string, Record<string, unknown>>): Map<string, string> {
  const owners = new Map<string, string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    const name = [record.firstName, record.middleName, record.lastName].filter((part) => typeof part === 'string' && part.trim()).join(' ');
    if (name && typeof record.documentId === 'string') owners.set(record.documentId, name);
    Object.values(record).forEach(visit);
  };
  Object.values(steps).forEach(visit);
  return owners;
}

/** A document as the console lists it; `owner` names whose it is when it is not the applicant's own (a nominee's proof). */
export function opsDocument(row: DocumentRow, owners: Map<string, string>, owner?: string, passwordKept = false): OpsDocument {
  return {
    ...(passwordKept ? { passwordKept } : {}),
    id: row.id,
    step: owners.get(row.id) ?? null,
    kind: row.kind,
    label: owner ? `${kindLabel(row.kind)}: ${owner}` : kindLabel(row.kind),
    contentType: row.mime,
    size: row.size,
    uploadedAt: new Date(row.created_at).toISOString(),
  };
}

/** Any applicant's document, decrypted, for a reviewer: each read is written to that applicant's audit trail. */
export async function readDocumentForReview(ctx: AppContext, id: string, actor: OpsActor, clock: AuditClock): Promise<OwnedDocument> {
  const document = documentIdPattern.test(id) ? await ctx.documents.readForReview(id) : undefined;
  if (!document) throw new ApiError(404, 'backOffice.documentNotFound');
  const { row } = document;
  await appendAudit(ctx.db, { userId: row.user_id, at: clock.stamp(), actor: actor.name, action: 'document_viewed', note: `${kindLabel(row.kind)} ${row.id}` });
  return document;
}

/**
 * The kept password of an encrypted PDF, for a reviewer to open it: each read is written to the applicant's audit
 * trail (never the password itself). A document without one (not encrypted, or uploaded before passwords were kept)
 * is not found.
 */
export async function readDocumentPassword(ctx: AppContext, id: string, actor: OpsActor, clock: AuditClock): Promise<string> {
  const kept = documentIdPattern.test(id) ? await ctx.documents.readPassword(id) : undefined;
  if (!kept) throw new ApiError(404, 'backOffice.documentNotFound');
  const { row, password } = kept;
  await appendAudit(ctx.db, { userId: row.user_id, at: clock.stamp(), actor: actor.name, action: 'document_password_viewed', note: `${kindLabel(row.kind)} ${row.id}` });
  return password;
}
