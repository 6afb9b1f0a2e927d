import type { FastifyReply } from 'fastify';
import type { OwnedDocument } from './uploads/documents-service';
import { documentFileName } from './uploads/document-names';

export { kindLabel } from './uploads/document-names';

/** Document ids are UUIDs: anything else is not found without a lookup. */
export const documentIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const inline = new Set(['image/jpeg', 'image/png']);

/**
 * Sends a decrypted document with its detected type: images may be previewed inline, everything else only downloads.
 * Never cached; nosniff comes with every answer (platform/security.ts).
 */
export function sendDocument(reply: FastifyReply, { row, bytes }: OwnedDocument): FastifyReply {
  const disposition = inline.has(row.mime) ? 'inline' : 'attachment';
  return reply
    .type(row.mime)
    .header('content-disposition', `${disposition}; filename="${documentFileName(row.kind, row.mime)}"`)
    .header('cache-control', 'private, no-store')
    .send(bytes);
}
