import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { requireUser } from '../platform/auth';
import { errorResponseSchema } from '../schemas/common';
import { documentIdPattern, sendDocument } from './document-reply';


/** GET /user/documents/{id}: the owner's file, decrypted. Anyone else's id, or a bad one, is 404. */
export function documentRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { id: string } }>(
      '/user/documents/:id',
      { schema: { response: { '4xx': errorResponseSchema, '5xx': errorResponseSchema } } },
      async (request, reply) => {
        const user = requireUser(request);
        const id = request.params.id;
        const document = documentIdPattern.test(id) ? await ctx.documents.readOwned(user.id, id) : undefined;
        if (!document) throw new ApiError(404, 'flow.documentNotFound');
        return sendDocument(reply, document);
      },
    );
  };
}
