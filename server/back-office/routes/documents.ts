import type { FastifyPluginAsync } from 'fastify';
import { requireOpsActor } from '../reviewer-auth';
import { errorResponseSchema } from '../../schemas/common';
import { readDocumentForReview } from '../services/documents';
import { sendDocument } from '../../documents/document-reply';
import type { OpsDeps } from '../deps';
import { idParams } from './schemas';

/** GET /documents/{id}: any applicant's file, decrypted, with its type (images inline, others as attachments); audited. */
export function opsDocumentRoutes({ ctx, auditClock }: OpsDeps): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { id: string } }>(
      '/documents/:id',
      { schema: { params: idParams, response: { '4xx': errorResponseSchema, '5xx': errorResponseSchema } } },
      async (request, reply) => sendDocument(reply, await readDocumentForReview(ctx, request.params.id, requireOpsActor(request), auditClock)),
    );
  };
}
