import type { StepDocument } from '../db/repositories/step-data';
import { findUserById } from '../db/repositories/users';
import type { UserRow } from '../db/schema';
import type { AppContext } from '../context';
import type { AcceptedFile } from '../uploads/upload-kinds';
import { replaceStepDocument } from './step-documents';

/**
 * A step whose answer is uploaded files: the files are stored (checked, encrypted) and the step's document,
 * naming them by id, is written in the same transaction; then the step is completed. Nothing is left half done,
 * and the uploads the step named before are deleted: one row and one file per answer, a double submit included.
 */
export async function saveUploadStep(
  ctx: AppContext,
  user: UserRow,
  stepId: string,
  files: readonly AcceptedFile[],
  document: (ids: string[]) => StepDocument,
): Promise<UserRow> {
  const superseded = await ctx.documents.store(user.id, files, (trx, ids) => replaceStepDocument(trx, user.id, stepId, document(ids), ctx.clock()));
  await ctx.documents.discard(superseded);
  return ctx.steps.completeStep((await findUserById(ctx.db, user.id)) ?? user, stepId);
}
