import type { FastifyReply } from 'fastify';
import type { OwnedDocument } from '../uploads/documents-service';
import { isUploadKind, uploadKinds } from '../uploads/upload-kinds';

/** Document ids are UUIDs: anything else is not found without a lookup. */
export const documentIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const inline = new Set(['image/jpeg', 'image/png']);
const extensions: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/plain': 'txt',
};

/** How a kind is named to people ('PAN image'); the kind's code for one this build does not know. */
export const kindLabel = (kind: string): string => (isUploadKind(kind) ? uploadKinds[kind].label : kind);

/** A download's name from what the file is ('PAN image' → pan_image), never from the client. */
const baseName = (kind: string): string => (isUploadKind(kind) ? uploadKinds[kind].label.toLowerCase().replace(/\s+/g, '_') : 'document');

/**
 * Sends a decrypted document with its detected type: images may be previewed inline, everything else only downloads.
 * Never cached; nosniff comes with every answer (plugins/security.ts).
 */
export function sendDocument(reply: FastifyReply, { row, bytes }: OwnedDocument): FastifyReply {
  const disposition = inline.has(row.mime) ? 'inline' : 'attachment';
  return reply
    .type(row.mime)
    .header('content-disposition', `${disposition}; filename="${baseName(row.kind)}.${extensions[row.mime] ?? 'bin'}"`)
    .header('cache-control', 'private, no-store')
    .send(bytes);
}
