import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { pingDatabase } from '../db/database';
import { responses } from '../schemas/common';

export function healthRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          response: responses({ type: 'object', properties: { status: { type: 'string' } }, required: ['status'] }),
        },
      },
      async () => {
        // A real round trip: a health check that passes with a dead database is worse than none.
        await pingDatabase(ctx.db);
        return { status: 'ok' };
      },
    );
  };
}
