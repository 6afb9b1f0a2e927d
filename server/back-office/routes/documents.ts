import type { FastifyPluginAsync } from 'fastify';
import { requireOpsActor } from '../reviewer-auth';
import { errorResponseSchema, responses } from '../../schemas/common';
import { readDocumentForReview, readDocumentPassword } from '../services/documents';
import type { OpsDocumentPassword } from '../../../core/api/types';
import { defaultEmptyBody } from '../../schemas/request';
import { sendDocument } from '../../documents/document-reply';
import type { OpsDeps } from '../deps';
import { emptyBody, idParams, passwordResponse } from './schemas';

/**
 * GET /documents/{id}: any applicant's file, decrypted, with its type (images inline, others as attachments); audited.
 * POST /documents/{id}/password: an encrypted PDF's kept password, to open it with; audited.
 */
export function opsDocumentRoutes({ ctx, auditClock }: OpsDeps): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { id: string } }>(
      '/documents/:id',
      { schema: { params: idParams, response: { '4xx': errorResponseSchema, '5xx': errorResponseSchema } } },
      async (request, reply) => sendDocument(reply, await readDocumentForReview(ctx, request.params.id, requireOpsActor(request), auditClock)),
    );

    // POST, not GET: a read with a side effect (the audit row), never cached or prefetched.
    app.post<{ Params: { id: string } }>(
      '/documents/:id/password',
      { preValidation: defaultEmptyBody, schema: { params: idParams, body: emptyBody, response: responses(passwordResponse) } },
      async (request, reply): Promise<OpsDocumentPassword> => {
        const password = await readDocumentPassword(ctx, request.params.id, requireOpsActor(request), auditClock);
        void reply.header('cache-control', 'no-store');
        return { password };
      },
    );
  };
}
