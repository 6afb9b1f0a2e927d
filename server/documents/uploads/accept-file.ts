import { fileTypeFromBuffer } from 'file-type';
import { ApiError } from '../../errors';
import { normaliseImage } from './normalise-image';
import { damaged, tooLarge, wrongType } from './upload-errors';
import { type AcceptedFile, textMime, uploadKindRule } from './upload-kinds';

/** Control characters other than tab, line feed, form feed and carriage return. */
const binaryCharacter = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

function isPlainText(bytes: Buffer): boolean {
  try {
    return !binaryCharacter.test(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return false;
  }
}

/** What the content is, by its magic bytes; plain text only when no binary format matches. */
async function detectMime(bytes: Buffer): Promise<string | undefined> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) return detected.mime;
  return isPlainText(bytes) ? textMime : undefined;
}

/** A PDF ends with %%EOF (readers allow it within the last 1024 bytes); a cut-off upload does not. */
function isCompletePdf(bytes: Buffer): boolean {
  return bytes.subarray(Math.max(0, bytes.length - 1024)).includes('%%EOF');
}

/** A ZIP (DOCX) ends with its end-of-central-directory record (22 bytes plus a comment of up to 64 KB). */
function isCompleteZip(bytes: Buffer): boolean {
  return bytes.subarray(Math.max(0, bytes.length - 22 - 0xffff)).includes(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
}

/**
 * The one content check of every upload: size, type by magic bytes (the file name and the declared type are never
 * consulted) against the kind's types in flow-config/uploads.json, completeness, and for images a decode and
 * re-encode. Returns what may be stored; throws an ApiError (4xx) with a clear message otherwise.
 */
export async function acceptFile(kind: string, bytes: Buffer): Promise<AcceptedFile> {
  const rule = uploadKindRule(kind);
  if (bytes.length === 0) throw new ApiError(400, 'upload.empty', { label: rule.label });
  if (bytes.length > rule.maxBytes) throw tooLarge(rule);
  const mime = await detectMime(bytes);
  const content = mime === undefined ? undefined : rule.accept.get(mime);
  if (!mime || !content) throw wrongType(rule);
  switch (content) {
    case 'image':
      return { kind, mime, bytes: await normaliseImage(bytes, mime, rule) };
    case 'pdf':
      if (!isCompletePdf(bytes)) throw damaged(rule);
      return { kind, mime, bytes };
    case 'zip':
      if (!isCompleteZip(bytes)) throw damaged(rule);
      return { kind, mime, bytes };
    case 'text':
      return { kind, mime, bytes };
  }
}
