import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { incomeProofMessages } from './income-proof-messages';

/**
 * Reads POST /user/income-proof's multipart body, minimally and in memory. A stand-in for the shared
 * upload pipeline (magic bytes, encrypted storage), which replaces this module when it lands.
 */

export interface IncomeProofForm {
  /** Text fields by name (document_type, password, skip, account_aggregator_flow). */
  fields: Record<string, string>;
  /** proof_of_income, when sent. */
  file?: Uint8Array;
}

export const incomeProofFileField = 'proof_of_income';
const textFields = new Set(['document_type', 'password', 'skip', 'account_aggregator_flow']);
export const maxIncomeProofBytes = 10 * 1024 * 1024;

/** Registers the multipart parser on the plugin that serves the income-proof route. */
export async function registerIncomeProofMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: maxIncomeProofBytes, files: 1, fields: textFields.size, fieldSize: 1024, parts: textFields.size + 1 },
  });
}

function uploadError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new ApiError(413, incomeProofMessages.tooLarge(maxIncomeProofBytes / 1024 / 1024));
  if (code === 'FST_FILES_LIMIT') return new ApiError(400, incomeProofMessages.oneFile);
  // Field values are never put into the message: one of them is a PDF password.
  return new ApiError(400, incomeProofMessages.unreadableUpload);
}

export async function readIncomeProof(request: FastifyRequest): Promise<IncomeProofForm> {
  if (!request.isMultipart()) throw new ApiError(400, incomeProofMessages.notMultipart);
  const form: IncomeProofForm = { fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== incomeProofFileField) throw new ApiError(400, incomeProofMessages.unknownField(part.fieldname));
        form.file = new Uint8Array(await part.toBuffer());
      } else {
        if (!textFields.has(part.fieldname)) throw new ApiError(400, incomeProofMessages.unknownField(part.fieldname));
        form.fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (error) {
    throw uploadError(error);
  }
  return form;
}
