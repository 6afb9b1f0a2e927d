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

export function opsDocument(row: DocumentRow, owners: Map<string, string>): OpsDocument {
  return {
    id: row.id,
    step: owners.get(row.id) ?? null,
    kind: row.kind,
    label: kindLabel(row.kind),
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
