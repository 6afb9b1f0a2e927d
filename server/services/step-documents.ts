import { serverMessages } from '../../src/api/types';
import type { StepBinding } from '../../src/engine/step-api';
import { findStepDocument, saveStepDocument, type StepDocument } from '../db/repositories/step-data';
import { clearRejection, findUserById } from '../db/repositories/users';
import type { Transaction } from 'kysely';
import type { Database, UserRow } from '../db/schema';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { withDeclaredAt } from './declared-at';

/**
 * A step's accepted payload stored as its document. Values are kept as the schema accepted them, but for
 * spaces at the ends of text, which no field means.
 */
function tidy(document: StepDocument): StepDocument {
  return Object.fromEntries(Object.entries(document).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]));
}

/**
 * Saves the step's document and completes the step (the order comes from the flow config). `declared`: fields that
 * are the applicant's own declarations (consentFields of the schema it was checked with), stored with their time.
 */
export async function saveStep(ctx: AppContext, user: UserRow, stepId: string, document: StepDocument, declared: readonly string[] = []): Promise<UserRow> {
  const previous = declared.length > 0 ? await findStepDocument(ctx.db, user.id, stepId) : undefined;
  await saveStepDocument(ctx.db, user.id, stepId, withDeclaredAt(declared, previous, tidy(document), ctx.clock()), ctx.clock());
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
  if (!cleared) throw new ApiError(400, serverMessages.outOfSync);
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
