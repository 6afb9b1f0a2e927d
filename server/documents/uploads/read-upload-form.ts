import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../errors';
import { acceptFile } from './accept-file';
import { tooLarge } from './upload-errors';
import { type UploadForm, type UploadFormSpec, parserLimits, slotOf } from './upload-form';
import { type AcceptedFile, type UploadValidator, uploadKindRule } from './upload-kinds';

/** Errors raised by the multipart parser itself, as clear 4xx answers. */
function parserError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new ApiError(413, 'upload.tooManyParts');
  }
  if (code === 'FST_MP_PREMATURE_CLOSE') return new ApiError(400, 'upload.interrupted');
  return new ApiError(400, 'upload.malformed');
}

/** The file's bytes, refusing it as soon as it passes its kind's limit (nothing is kept). */
async function readLimited(part: MultipartFile, kind: string): Promise<Buffer> {
  const rule = uploadKindRule(kind);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > rule.maxBytes) throw tooLarge(rule);
      chunks.push(chunk);
    }
  } catch (error) {
    throw parserError(error);
  }
  if (part.file.truncated) throw tooLarge(rule);
  return Buffer.concat(chunks, size);
}

function textOf(part: Multipart): string {
  if (part.type === 'file') throw new ApiError(400, 'upload.textExpected', { name: part.fieldname });
  if (part.valueTruncated) throw new ApiError(413, 'upload.fieldTooLong', { name: part.fieldname });
  // A part sent with Content-Type application/json arrives parsed; fields are text to the route.
  return typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
}

/**
 * Reads a multipart request against its declared form: every file is size-checked while it
 * streams, type-checked by content, and (images) re-encoded, all in memory; then each kind's
 * validate hook runs with the text fields. Nothing is stored here, so a failure at any part
 * leaves nothing behind; store the result with DocumentsService.store. Throws ApiError (4xx).
 */
export async function readUploadForm<const S extends UploadFormSpec>(request: FastifyRequest, spec: S): Promise<UploadForm<S>> {
  if (!request.isMultipart()) throw new ApiError(415, 'upload.notMultipart');
  const text: Record<string, string> = {};
  const files: Record<string, AcceptedFile> = {};
  const groups: Record<string, Map<number, AcceptedFile>> = {};
  for (const name of Object.keys(spec.groups ?? {})) groups[name] = new Map();
  const seen = new Set<string>();
  const checks: [AcceptedFile, UploadValidator | undefined][] = [];
  const parts = request.parts({ limits: parserLimits(spec) })[Symbol.asyncIterator]();

  for (;;) {
    const next = await parts.next().catch((error: unknown) => Promise.reject(parserError(error)));
    if (next.done) break;
    const part = next.value;
    const drop = () => (part.type === 'file' ? part.file.destroy() : undefined);
    try {
      const slot = slotOf(spec, part.fieldname);
      if (!slot) throw new ApiError(400, 'upload.unexpectedField', { name: part.fieldname });
      if (seen.has(part.fieldname)) throw new ApiError(400, 'upload.duplicateField', { name: part.fieldname });
      seen.add(part.fieldname);
      if (slot.type === 'text') {
        text[slot.name] = textOf(part);
        continue;
      }
      if (part.type !== 'file') throw new ApiError(400, 'upload.fileExpected', { name: part.fieldname });
      // The client's file name and declared type are never read: content decides.
      const accepted = await acceptFile(slot.kind, await readLimited(part, slot.kind));
      if (slot.type === 'file') files[slot.name] = accepted;
      else groups[slot.name]?.set(slot.index, accepted);
      checks.push([accepted, slot.validate]);
    } catch (error) {
      drop();
      throw error;
    }
  }

  for (const [name, field] of Object.entries(spec.text ?? {})) {
    if (field.required && text[name] === undefined) throw new ApiError(400, 'upload.required', { label: name });
  }
  for (const [name, field] of Object.entries(spec.files ?? {})) {
    if (field.required && !files[name]) throw new ApiError(400, 'upload.required', { label: uploadKindRule(field.kind).label });
  }
  // Hooks run last, with every text field (a PDF's password may come after the PDF).
  for (const [file, validate] of checks) {
    await validate?.(file, text);
  }
  return { text, files, groups } as UploadForm<S>;
}
