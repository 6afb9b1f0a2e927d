import { uploadIncomeProof as postIncomeProof } from '../api/income-proof';
import { pdfPassword, requirePickedFile, textOf } from './picked-document';
import type { SubmitEffect } from './types';

/**
 * The manual income proof: the picked PDF (form field proof_of_income holds its reference), its document type,
 * and the password only when the applicant said the PDF has one. The server opens the PDF with it and drops it.
 */
export const uploadIncomeProof: SubmitEffect = async (data, { api, onProgress, say }) => {
  const file = requirePickedFile(data.proof_of_income, say);
  const password = pdfPassword(data);
  const proof = { documentType: textOf(data.document_type), file, ...(password ? { password } : {}) };
  const { message, user } = await postIncomeProof(api, proof, onProgress ? { onProgress } : undefined);
  return { message, user };
};
