import type { FastifyRequest } from 'fastify';
import { defineUploadForm } from '../documents/uploads/upload-form';
import { readUploadForm } from '../documents/uploads/read-upload-form';

/** POST /user/income-proof's multipart body, read by the shared upload pipeline (magic bytes, size while streaming). */
export const incomeProofUpload = defineUploadForm({
  text: { document_type: { maxLength: 64 }, password: { maxLength: 256 }, skip: { maxLength: 8 }, account_aggregator_flow: { maxLength: 8 } },
  files: { proof_of_income: { kind: 'income_proof_pdf' } },
});

export interface IncomeProofForm {
  /** Text fields by name (document_type, password, skip, account_aggregator_flow). */
  fields: Record<string, string>;
  /** proof_of_income, when sent: a PDF by its content. */
  file?: Uint8Array;
}

export async function readIncomeProof(request: FastifyRequest): Promise<IncomeProofForm> {
  const form = await readUploadForm(request, incomeProofUpload);
  const fields = Object.fromEntries(Object.entries(form.text).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  const file = form.files.proof_of_income;
  return { fields, ...(file ? { file: new Uint8Array(file.bytes) } : {}) };
}
