import { refusedHere } from '../api/api-error';
import { declareIncome as postDeclaration } from '../api/income-proof';
import { sessionValue, storageKeys } from '../state/persisted';
import { pickedFile } from '../state/picked-files';
import { pdfPassword, textOf as text } from './picked-document';
import type { SubmitEffect } from './types';

/** The page's two statements (schemas/step-data/rekyc-declaration.schema.json): sent once the applicant ticked them. */
const statementFields = ['confirmTrue', 'confirmInform'] as const;

/**
 * The re-KYC income declaration (spec 5): the slab, the statements ticked, and a PDF with its type only when one
 * was picked. The id is the emailed link's (kept for the tab at start-up), else the applicant's own. The server
 * answers a message only.
 */
export const declareIncome: SubmitEffect = async (data, { api, user, onProgress, say }) => {
  const id = sessionValue<string | null>(storageKeys.rekycId, null) ?? user?.id;
  if (!id) throw refusedHere(say('rekyc.signInAgain'));
  const file = data.proof_of_income === undefined ? undefined : pickedFile(data.proof_of_income);
  if (data.proof_of_income !== undefined && !file) throw refusedHere(say('incomeProof.document'));
  const password = pdfPassword(data);
  const proof = file ? { documentType: text(data.document_type), file, ...(password ? { password } : {}) } : undefined;
  const statements = statementFields.filter((field) => data[field] === true);
  const { message } = await postDeclaration(api, { income: text(data.income), id, statements, ...(proof ? { proof } : {}) }, onProgress ? { onProgress } : undefined);
  return { message };
};
