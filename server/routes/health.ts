import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context';
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
        await sql`select 1`.execute(ctx.db);
        return { status: 'ok' };
      },
    );
  };
}
