import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { requireUser } from '../plugins/auth';
import { errorResponseSchema } from '../schemas/common';
import { documentFileName } from '../uploads/document-names';

export const documentNotFoundMessage = 'Document not found';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const inline = new Set(['image/jpeg', 'image/png']);

/** GET /user/documents/{id}: the owner's file, decrypted. Anyone else's id, or a bad one, is 404. */
export function documentRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { id: string } }>(
      '/user/documents/:id',
      { schema: { response: { '4xx': errorResponseSchema, '5xx': errorResponseSchema } } },
      async (request, reply) => {
        const user = requireUser(request);
        const id = request.params.id;
        const document = uuid.test(id) ? await ctx.documents.readOwned(user.id, id) : undefined;
        if (!document) throw new ApiError(404, documentNotFoundMessage);
        const { row, bytes } = document;
        // Images may be previewed; everything else only downloads. The name is ours, never the client's.
        const disposition = inline.has(row.mime) ? 'inline' : 'attachment';
        return reply
          .type(row.mime)
          .header('content-disposition', `${disposition}; filename="${documentFileName(row.kind, row.mime)}"`)
          .header('cache-control', 'private, no-store')
          .send(bytes);
      },
    );
  };
}
