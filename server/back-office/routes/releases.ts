import type { FastifyPluginAsync } from 'fastify';
import type { OpsReleaseList } from '../../../core/api/types';
import type { OpsDeps } from '../deps';
import { responses } from '../../schemas/common';

const releaseSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    number: { type: 'integer' },
    hash: { type: 'string' },
    createdBy: { type: 'string' },
    createdAt: { type: 'string' },
    current: { type: 'boolean' },
    openApplications: { type: 'integer' },
    retired: { type: 'boolean' },
    running: { type: 'boolean' },
    client: { type: 'string', enum: ['ready', 'building', 'failed', 'missing'] },
  },
  required: ['id', 'number', 'hash', 'createdBy', 'createdAt', 'current', 'openApplications', 'retired', 'running', 'client'],
} as const;

/** GET /api/ops/releases: the config releases, newest (current) first, each with the open applications pinned to it. */
export function opsReleaseRoutes({ ctx }: OpsDeps): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/releases',
      { schema: { response: responses({ type: 'object', properties: { releases: { type: 'array', items: releaseSchema } }, required: ['releases'] }) } },
      async (): Promise<OpsReleaseList> => ({ releases: await ctx.releases.forOps() }),
    );
  };
}
