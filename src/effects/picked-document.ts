import { refusedHere } from '../api/api-error';
import { pickedFile } from '../state/picked-files';

export const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The file a form field refers to, or the spec's refusal ('must select document to be uploaded'), also when the
 * file's reference outlived the page (a reload).
 */
export function requirePickedFile(reference: unknown, say: (code: 'incomeProof.document') => string): File {
  const file = pickedFile(reference);
  if (!file) throw refusedHere(say('incomeProof.document'));
  return file;
}

/** The PDF's password, only when the applicant ticked that the PDF has one (the server opens it and drops it). */
export const pdfPassword = (data: Record<string, unknown>): string => (data.passwordProtected === true ? textOf(data.password) : '');
