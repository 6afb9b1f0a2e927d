import { refusedHere } from '../api/api-error';
import { uploadIncomeProof as postIncomeProof } from '../api/income-proof';
import { pickedFile } from '../state/picked-files';
import type { SubmitEffect } from './types';

/** Spec 5: what the form says without a file; also when the file's reference outlived the page (a reload). */
const noDocument = 'must select document to be uploaded';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The manual income proof: the picked PDF (form field proof_of_income holds its reference), its document type,
 * and the password only when the applicant said the PDF has one. The server opens the PDF with it and drops it.
 */
export const uploadIncomeProof: SubmitEffect = async (data, { api, onProgress }) => {
  const file = pickedFile(data.proof_of_income);
  if (!file) throw refusedHere(noDocument);
  const password = data.passwordProtected === true ? text(data.password) : '';
  const proof = { documentType: text(data.document_type), file, ...(password ? { password } : {}) };
  const { message, user } = await postIncomeProof(api, proof, onProgress ? { onProgress } : undefined);
  return { message, user };
};
