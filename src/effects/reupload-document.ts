import { reuploadDocument as postDocument } from '../api/documents';
import { pdfPassword, requirePickedFile, textOf } from './picked-document';
import type { SubmitEffect } from './types';

/**
 * A rejected document sent again from /modification: the picked file (form field `data` holds its reference), the
 * step the page set, the proof's type when asked, and the password only when the applicant said the PDF has one.
 */
export const reuploadDocument: SubmitEffect = async (data, { api, onProgress, say }) => {
  const file = requirePickedFile(data.data, say);
  const password = pdfPassword(data);
  const documentType = textOf(data.document_type);
  const fields = { step: textOf(data.step), ...(documentType ? { documentType } : {}), ...(password ? { password } : {}) };
  const { message, user } = await postDocument(api, file, fields, onProgress ? { onProgress } : undefined);
  return { message, user };
};
