import type { ValidateFunction } from 'ajv';
import type { StepAnswers } from '../platform/repositories/step-store';
import type { UserRow } from '../db/schema';
import type { AppContext } from '../context';
import type { Deadline } from '../providers/call-budget';
import { FieldValidationError } from '../errors';
import type { AcceptedFile } from '../documents/uploads/upload-kinds';
import { type ReadStepUpload, type StepUploadForm, pdfPasswordField, typedAnswers } from '../documents/uploads/step-upload-form';
import { stepFieldMessages } from '../validation/step-body';
import { declarationEvidence } from '../releases/evidence';
import { type AnswersStamp, type SavedAnswers, afterSavedAnswers, declaredIn, storeAndComplete, tidy } from './step-answers';

/**
 * A step whose answers include uploaded files: the files are stored (checked, encrypted) and the step's answers,
 * naming them by id, are written in the same transaction; then the step is completed. Nothing is left half done,
 * and the uploads the step named before are deleted: one row and one file per answer, a double submit included.
 * `declared`: fields that are the applicant's own declarations, stored with their time; `stamp`: what the server adds
 * to the answers in the same transaction.
 */
export async function saveUploadStep(...args: Parameters<typeof saveUploadStepAnswered>): Promise<UserRow> {
  return (await saveUploadStepAnswered(...args)).user;
}

/** saveUploadStep, with every step's answers as the save left them (for the answer's user record: none read again). */
export async function saveUploadStepAnswered(
  ctx: AppContext,
  user: UserRow,
  stepId: string,
  files: readonly AcceptedFile[],
  answers: (ids: string[]) => StepAnswers,
  deadline: Deadline,
  declared: readonly string[] = [],
  stamp?: AnswersStamp,
): Promise<SavedAnswers> {
  const evidence = declarationEvidence(ctx.browserTexts, user, stepId, declared, answers([]));
  const saved = await ctx.documents.store(user.id, files, deadline, (trx, ids) => storeAndComplete(ctx, trx, user, stepId, declaredIn(ctx, declared, answers(ids), evidence), stamp, true));
  return afterSavedAnswers(ctx, saved);
}

/**
 * A step whose schema declares file fields ("x-upload"), as its multipart form was read (every file checked by
 * content): the answers are checked with the schema, then stored with each file field naming its document's id. A PDF's
 * password opened the PDF and is never stored.
 */
export async function saveFileStep(
  ctx: AppContext,
  user: UserRow,
  stepId: string,
  validate: ValidateFunction,
  upload: StepUploadForm,
  form: ReadStepUpload,
  declared: readonly string[],
  deadline: Deadline,
): Promise<SavedAnswers> {
  const sent = upload.files.flatMap(({ field }) => {
    const file = form.files[field];
    return file ? [{ field, file }] : [];
  });
  const answers = typedAnswers(validate.schema, form.text, sent.map(({ field }) => field));
  if (!validate(answers)) throw new FieldValidationError(stepFieldMessages(validate.errors ?? []));
  const { [pdfPasswordField]: _password, ...kept } = answers;
  const files = sent.map(({ file }) => file);
  return saveUploadStepAnswered(ctx, user, stepId, files, (ids) => ({ ...tidy(kept), ...Object.fromEntries(sent.map(({ field }, index) => [field, ids[index]])) }), deadline, declared);
}
