import type { FastifyPluginAsync } from 'fastify';
import { requireOpsActor } from '../ops-auth';
import { errorResponseSchema } from '../../schemas/common';
import { readDocumentForReview } from '../services/ops-documents';
import { sendDocument } from '../../documents/document-reply';
import type { OpsDeps } from './ops';
import { idParams } from './ops-schemas';

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
