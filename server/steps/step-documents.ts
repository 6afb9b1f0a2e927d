import type { StepBinding } from '../../core/engine/step-api';
import { findStepDocument, saveStepDocument, type StepDocument } from '../platform/repositories/step-store';
import { deleteOwnedDocuments } from '../documents/repository';
import { clearRejection, findUserById, lockApplicant } from '../platform/repositories/users';
import type { Transaction } from 'kysely';
import type { Database, DocumentRow, UserRow } from '../db/schema';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { withDeclaredAt } from './declared-at';

/**
 * A step's accepted payload stored as its document. Values are kept as the schema accepted them, but for
 * spaces at the ends of text, which no field means.
 */
export function tidy(document: StepDocument): StepDocument {
  return Object.fromEntries(Object.entries(document).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]));
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Every document id a step document names, at any depth (a nominee's proof sits in a list). */
function documentIdsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === 'string' && uuidPattern.test(value)) found.add(value);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) documentIdsIn(item, found);
  return found;
}

/**
 * Inside a transaction: stores the step's document in place of the last one and deletes the rows of the uploads
 * the last one named and this one does not (a re-upload, a double submit, a skip after a nominee). Returns those
 * rows; their files go once the transaction is committed (DocumentsService.discard). Under the applicant's lock,
 * so two instances serving a double submit cannot both miss the other's upload.
 */
export async function replaceStepDocument(
  trx: Transaction<Database>,
  userId: string,
  stepId: string,
  next: StepDocument | ((previous: StepDocument | undefined) => StepDocument),
  now: number,
): Promise<DocumentRow[]> {
  await lockApplicant(trx, userId);
  const previous = await findStepDocument(trx, userId, stepId);
  const document = typeof next === 'function' ? next(previous) : next;
  await saveStepDocument(trx, userId, stepId, document, now);
  const kept = documentIdsIn(document);
  return deleteOwnedDocuments(trx, userId, [...documentIdsIn(previous)].filter((id) => !kept.has(id)));
}

/**
 * Saves the step's document and completes the step (the order comes from the flow config). `declared`: fields that
 * are the applicant's own declarations (consentFields of the schema it was checked with), stored with their time.
 */
export async function saveStep(ctx: AppContext, user: UserRow, stepId: string, document: StepDocument, declared: readonly string[] = []): Promise<UserRow> {
  const stamped = (previous: StepDocument | undefined) => withDeclaredAt(declared, previous, tidy(document), ctx.clock());
  const superseded = await ctx.db.transaction().execute((trx) => replaceStepDocument(trx, user.id, stepId, stamped, ctx.clock()));
  await ctx.documents.discard(superseded);
  return ctx.steps.completeStep((await findUserById(ctx.db, user.id)) ?? user, stepId);
}

/**
 * Re-entered data for a rejected step (`binding.fixes`), merged into that step's document; the rejection is
 * cleared and, with none left, the applicant moves on to the status after the journey. Only while the fixing
 * step is next and the step is rejected: a step that was not rejected cannot be changed.
 */
export async function fixRejectedStep(
  ctx: AppContext,
  user: UserRow,
  binding: StepBinding,
  document: StepDocument,
  options: { rejectedStep?: string; checkMerged?: MergedCheck } = {},
): Promise<UserRow> {
  const { rejectedStep = binding.fixes?.[0], checkMerged } = options;
  const cleared = await ctx.db.transaction().execute((trx) => applyRejectedFix(ctx, trx, user, binding, rejectedStep, document, checkMerged));
  if (!cleared) throw new ApiError(400, 'flow.outOfSync');
  return (await findUserById(ctx.db, user.id)) ?? user;
}

/**
 * A check of the document as it will be stored (the fix merged over what was kept), for rules that span
 * fields the fix may leave out (F&O needs an income above Rs 1 Lac, with the segments kept from before).
 * It throws to refuse; the transaction then writes nothing.
 */
export type MergedCheck = (merged: StepDocument) => void;

/**
 * Inside a transaction (the caller's, e.g. one that also stores an upload): merges `document` into the rejected
 * step's document and clears that rejection. False when the step may not be fixed now, and nothing is written.
 */
export async function applyRejectedFix(
  ctx: AppContext,
  trx: Transaction<Database>,
  user: UserRow,
  binding: StepBinding,
  rejectedStep: string | undefined,
  document: StepDocument,
  checkMerged?: MergedCheck,
): Promise<boolean> {
  if (!rejectedStep || !binding.fixes?.includes(rejectedStep)) return false;
  const ok = await clearRejection(trx, user, { fixingStep: binding.step, rejectedStep, afterJourney: ctx.flow.afterJourney, now: ctx.clock() });
  if (!ok) return false;
  const previous = (await findStepDocument(trx, user.id, rejectedStep)) ?? {};
  const merged = { ...previous, ...tidy(document) };
  checkMerged?.(merged);
  await saveStepDocument(trx, user.id, rejectedStep, merged, ctx.clock());
  return true;
}
