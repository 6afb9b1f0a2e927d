import { refusedHere } from '../api/api-error';
import { pickedFile } from '../state/picked-files';

/** Spec 5: what a form says without a file; also when the file's reference outlived the page (a reload). */
export const noDocument = 'must select document to be uploaded';

export const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The file a form field refers to, or the spec's refusal. */
export function requirePickedFile(reference: unknown): File {
  const file = pickedFile(reference);
  if (!file) throw refusedHere(noDocument);
  return file;
}

/** The PDF's password, only when the applicant ticked that the PDF has one (the server opens it and drops it). */
export const pdfPassword = (data: Record<string, unknown>): string => (data.passwordProtected === true ? textOf(data.password) : '');
