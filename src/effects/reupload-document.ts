import { refusedHere } from '../api/api-error';
import { reuploadDocument as postDocument } from '../api/documents';
import { pickedFile } from '../state/picked-files';
import type { SubmitEffect } from './types';

/** Spec 5: what the form says without a file; also when the file's reference outlived the page (a reload). */
const noDocument = 'must select document to be uploaded';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * A rejected document sent again from /modification: the picked file (form field `data` holds its reference), the
 * step the page set, the proof's type when asked, and the password only when the applicant said the PDF has one.
 */
export const reuploadDocument: SubmitEffect = async (data, { api, onProgress }) => {
  const file = pickedFile(data.data);
  if (!file) throw refusedHere(noDocument);
  const password = data.passwordProtected === true ? text(data.password) : '';
  const documentType = text(data.document_type);
  const fields = { step: text(data.step), ...(documentType ? { documentType } : {}), ...(password ? { password } : {}) };
  const { message, user } = await postDocument(api, file, fields, onProgress ? { onProgress } : undefined);
  return { message, user };
};
