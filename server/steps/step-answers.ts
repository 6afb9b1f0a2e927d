import type { Transaction } from 'kysely';
import type { StepBinding } from '../../core/engine/step-api';
import { findAllStepAnswers, findStepAnswers, saveStepAnswers, type StepAnswers } from '../platform/repositories/step-store';
import { clearRejection, findUserById, lockApplicant } from '../platform/repositories/users';
import type { Database, DocumentRow, UserRow } from '../db/schema';
import type { StepMove } from './service';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { type DeclarationEvidence, withDeclaredAt } from './declared-at';
import { declarationEvidence } from '../releases/evidence';

/**
 * The one save path of a step's answers: stored whole in the step store in place of the last ones, the uploads they
 * no longer name deleted, the declarations among them timed, the step completed; or, for a rejected step, merged
 * into what it holds and the rejection cleared. Every route that saves a step comes here (steps/routes.ts for those
 * flow.json binds, and the dedicated ones: nominees, income proof (upload, skip, account aggregator), identity, PAN,
 * bank account (manual and UPI), modification documents). tests/config/one-save-path.test.ts keeps other files from
 * writing next_step.
 */

/** Values are kept as the schema accepted them, but for spaces at the ends of text, which no field means. */
export function tidy(answers: StepAnswers): StepAnswers {
  return Object.fromEntries(Object.entries(answers).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]));
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Every document id the answers name, at any depth (a nominee's proof sits in a list). */
function documentIdsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === 'string' && uuidPattern.test(value)) found.add(value);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) documentIdsIn(item, found);
  return found;
}

/**
 * Fields the server adds to a step's answers inside the save's transaction, under the applicant's lock: a nomination's
 * reference, drawn from its sequence, so that a save that fails draws none and the answers are written once.
 */
export type AnswersStamp = (trx: Transaction<Database>) => Promise<StepAnswers>;

/** What storing a step's answers left: the rows of the uploads they no longer name, and the applicant as locked. */
interface StoredAnswers {
  superseded: DocumentRow[];
  /** The applicant's row under the transaction's lock (nothing in the save changes it): no read after the commit. */
  user: UserRow | undefined;
  /** With `readAll`: every step's answers as the save leaves them, so the answer's user record reads none again. */
  all?: Record<string, StepAnswers>;
}

/**
 * Inside a transaction: stores the step's answers in place of the last ones and deletes the rows of the uploads
 * the last ones named and these do not (a re-upload, a double submit, a skip after a nominee). Returns those rows;
 * their files go once the transaction is committed (DocumentsService.discard). Under the applicant's lock, so two
 * instances serving a double submit cannot both miss the other's upload.
 */
async function storeStepAnswers(
  ctx: Pick<AppContext, 'documents' | 'clock'>,
  trx: Transaction<Database>,
  userId: string,
  stepId: string,
  next: StepAnswers | ((previous: StepAnswers | undefined) => StepAnswers),
  stamp?: AnswersStamp,
  readAll = false,
): Promise<StoredAnswers> {
  const user = await lockApplicant(trx, userId);
  // Every step's answers in the one read the step's own would cost: the answer presents them (saveStep).
  const all = readAll ? await findAllStepAnswers(trx, userId) : undefined;
  const previous = all ? all[stepId] : await findStepAnswers(trx, userId, stepId);
  const answers = { ...(typeof next === 'function' ? next(previous) : next), ...(await stamp?.(trx)) };
  await saveStepAnswers(trx, userId, stepId, answers, ctx.clock());
  if (all) all[stepId] = answers;
  const kept = documentIdsIn(answers);
  const superseded = await ctx.documents.dropOwned(trx, userId, [...documentIdsIn(previous)].filter((id) => !kept.has(id)));
  return { superseded, user, ...(all ? { all } : {}) };
}

/** A saved step's applicant, with every step's answers as the save left them: what the answer's user record shows. */
export interface SavedAnswers {
  user: UserRow;
  answers: Record<string, StepAnswers>;
}

/**
 * Saves the step's answers and completes the step (the order comes from the flow config), in one transaction.
 * `declared`: fields that are the applicant's own declarations (consentFields of the schema they were checked with),
 * stored with their time. `stamp`: what the server adds to them in the same transaction.
 */
export async function saveStep(ctx: AppContext, user: UserRow, stepId: string, answers: StepAnswers, declared: readonly string[] = [], stamp?: AnswersStamp): Promise<SavedAnswers> {
  const tidied = tidy(answers);
  const evidence = declarationEvidence(ctx.browserTexts, user, stepId, declared, tidied);
  const saved = await ctx.db.transaction().execute((trx) => storeAndComplete(ctx, trx, user, stepId, declaredIn(ctx, declared, tidied, evidence), stamp, true));
  return afterSavedAnswers(ctx, saved);
}

/** What saving and completing a step in one transaction leaves for after its commit. */
export interface SavedStep {
  superseded: DocumentRow[];
  move: StepMove;
  /** Every step's answers as the save left them, when it was asked to read them (`readAll`). */
  answers?: Record<string, StepAnswers>;
}

/** Inside a transaction: the step's answers stored (storeStepAnswers) and the step completed with them. */
export async function storeAndComplete(
  ctx: AppContext,
  trx: Transaction<Database>,
  user: UserRow,
  stepId: string,
  next: StepAnswers | ((previous: StepAnswers | undefined) => StepAnswers),
  stamp?: AnswersStamp,
  readAll = false,
): Promise<SavedStep> {
  const stored = await storeStepAnswers(ctx, trx, user.id, stepId, next, stamp, readAll);
  return { superseded: stored.superseded, move: await ctx.steps.completeStepIn(trx, stored.user ?? user, stepId), ...(stored.all ? { answers: stored.all } : {}) };
}

/** Once the answers and the move are committed: the files of the uploads they no longer name go, the move is recorded. */
export async function afterSaved(ctx: AppContext, saved: SavedStep): Promise<UserRow> {
  await ctx.documents.discard(saved.superseded);
  return ctx.steps.recordMove(saved.move);
}

/** afterSaved for a save that read every step's answers (`readAll`); the answers are read now if it did not. */
export async function afterSavedAnswers(ctx: AppContext, saved: SavedStep): Promise<SavedAnswers> {
  const user = await afterSaved(ctx, saved);
  return { user, answers: saved.answers ?? (await findAllStepAnswers(ctx.db, user.id)) };
}

/** The answers to store in place of `previous`, each declaration among `declared` with its time and what it was made to. */
export function declaredIn(
  ctx: Pick<AppContext, 'clock'>,
  declared: readonly string[],
  answers: StepAnswers,
  evidence: Readonly<Record<string, DeclarationEvidence>> = {},
): (previous: StepAnswers | undefined) => StepAnswers {
  return (previous) => withDeclaredAt(declared, previous, answers, ctx.clock(), evidence);
}

/**
 * Re-entered answers for a rejected step (`binding.fixes`), merged into that step's answers; the rejection is
 * cleared and, with none left, the applicant moves on to the status after the journey. Only while the fixing
 * step is next and the step is rejected: a step that was not rejected cannot be changed.
 */
export async function fixRejectedStep(
  ctx: AppContext,
  user: UserRow,
  binding: StepBinding,
  answers: StepAnswers,
  options: { rejectedStep?: string; checkMerged?: MergedCheck } = {},
): Promise<UserRow> {
  const { rejectedStep = binding.fixes?.[0], checkMerged } = options;
  const cleared = await ctx.db.transaction().execute((trx) => applyRejectedFix(ctx, trx, user, binding, rejectedStep, answers, checkMerged));
  if (!cleared) throw new ApiError(400, 'flow.outOfSync');
  return (await findUserById(ctx.db, user.id)) ?? user;
}

/**
 * A check of the answers as they will be stored (the fix merged over what was kept), for rules that span
 * fields the fix may leave out (F&O needs an income above Rs 1 Lac, with the segments kept from before).
 * It throws to refuse; the transaction then writes nothing.
 */
export type MergedCheck = (merged: StepAnswers) => void;

/**
 * Inside a transaction (the caller's, e.g. one that also stores an upload): merges `answers` into the rejected
 * step's answers and clears that rejection. False when the step may not be fixed now, and nothing is written.
 */
export async function applyRejectedFix(
  ctx: AppContext,
  trx: Transaction<Database>,
  user: UserRow,
  binding: StepBinding,
  rejectedStep: string | undefined,
  /** The fix's answers, laid over the step's; or made from the step's answers as they stand (a flag that follows the new file). */
  answers: StepAnswers | ((previous: StepAnswers) => StepAnswers),
  checkMerged?: MergedCheck,
): Promise<boolean> {
  if (!rejectedStep || !binding.fixes?.includes(rejectedStep)) return false;
  const ok = await clearRejection(trx, user, { fixingStep: binding.step, rejectedStep, afterJourney: ctx.flow.afterJourney, now: ctx.clock() });
  if (!ok) return false;
  const previous = (await findStepAnswers(trx, user.id, rejectedStep)) ?? {};
  const merged = { ...previous, ...tidy(typeof answers === 'function' ? answers(previous) : answers) };
  checkMerged?.(merged);
  await saveStepAnswers(trx, user.id, rejectedStep, merged, ctx.clock());
  return true;
}
