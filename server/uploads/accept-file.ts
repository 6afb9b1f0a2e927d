import { fileTypeFromBuffer } from 'file-type';
import { ApiError } from '../errors';
import { normaliseImage } from './normalise-image';
import { damaged, tooLarge, wrongType } from './upload-errors';
import {
  type AcceptedFile,
  type AcceptedMime,
  type UploadKind,
  docxMime,
  jpegMime,
  pdfMime,
  pngMime,
  textMime,
  uploadKinds,
} from './upload-kinds';

const detectable = new Set<string>([jpegMime, pngMime, pdfMime, docxMime]);

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
async function detectMime(bytes: Buffer): Promise<AcceptedMime | undefined> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) return detectable.has(detected.mime) ? (detected.mime as AcceptedMime) : undefined;
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
 * The one content check of every upload: size, type by magic bytes (the file name and the declared
 * type are never consulted), completeness, and for images a decode and re-encode. Returns what
 * may be stored; throws an ApiError (4xx) with a clear message otherwise.
 */
export async function acceptFile(kind: UploadKind, bytes: Buffer): Promise<AcceptedFile> {
  const rule = uploadKinds[kind];
  if (bytes.length === 0) throw new ApiError(400, 'upload.empty', { label: rule.label });
  if (bytes.length > rule.maxBytes) throw tooLarge(rule);
  const mime = await detectMime(bytes);
  if (!mime || !rule.accept.includes(mime)) throw wrongType(rule);
  switch (mime) {
    case jpegMime:
    case pngMime:
      return { kind, mime, bytes: await normaliseImage(bytes, mime, rule) };
    case pdfMime:
      if (!isCompletePdf(bytes)) throw damaged(rule);
      return { kind, mime, bytes };
    case docxMime:
      if (!isCompleteZip(bytes)) throw damaged(rule);
      return { kind, mime, bytes };
    case textMime:
      return { kind, mime, bytes };
  }
}
