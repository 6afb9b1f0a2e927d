import { describe, expect, it } from 'vitest';
import { fileLimit, fileSizeProblem } from '../../src/api/upload-limits';
import { type UploadKind, docxMime, jpegMime, pdfMime, pngMime, textMime, uploadKinds } from '../../server/documents/uploads/upload-kinds';
import messages from '../../flow-config/messages.json';

const tooLarge = messages.upload.fileTooLarge;

/** The browser refuses a file before sending at the same size the server's upload kind refuses it (one table: core/engine/upload-limits.ts). */
describe('browser and server upload limits', () => {
  it.each<[UploadKind, string]>([
    ['pan_image', jpegMime],
    ['pan_image', pngMime],
    ['signature_image', jpegMime],
    ['nominee_proof', pngMime],
    ['income_proof_pdf', pdfMime],
    ['modification_document', docxMime],
    ['modification_document', textMime],
  ])('%s as %s: the browser allows exactly what the server allows', (kind, type) => {
    const max = uploadKinds[kind].maxBytes;
    expect(fileLimit({ size: 0, type })).toBe(max);
    expect(fileSizeProblem({ size: max, type }, tooLarge)).toBeUndefined();
    expect(fileSizeProblem({ size: max + 1, type }, tooLarge)).toBe(`The file is larger than ${max / 1024 / 1024} MB. Choose a file of ${max / 1024 / 1024} MB or less.`);
  });
});
