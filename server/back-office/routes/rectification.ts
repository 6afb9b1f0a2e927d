import type { FastifyPluginAsync } from 'fastify';
import type { OpsActionResponse, SweepResult } from '../../../core/api/types';
import { ApiError } from '../../errors';
import { requireOpsActor } from '../reviewer-auth';
import { responses } from '../../schemas/common';
import { defaultEmptyBody } from '../../schemas/request';
import { reopenApplication, sweepRectifications } from '../services/rectification';
import type { OpsDeps } from '../deps';
import { actionResponse, emptyBody, idParams } from './schemas';

export const sweepNowInProduction = 'now is accepted outside production only: the sweep runs at the server\'s time';

const sweepBody = {
  type: 'object',
  additionalProperties: false,
  properties: { now: { type: 'string', format: 'date-time', errorMessage: 'now must be an ISO date-time, e.g. 2026-12-01T10:00:00Z' } },
} as const;
const sweepResponse = {
  type: 'object',
  properties: { at: { type: 'string' }, reminded: { type: 'array', items: { type: 'string' } }, expired: { type: 'array', items: { type: 'string' } } },
  required: ['at', 'reminded', 'expired'],
} as const;

/**
 * The rectification deadline in the back office: POST /sweep runs the reminders and expiries now (outside production,
 * `{"now": "<ISO>"}` moves the clock it judges by, for tests), and POST /applications/{id}/reopen gives an expired
 * application a fresh deadline. Both are decisions: an auditor may do neither.
 */
export function opsRectificationRoutes({ ctx }: OpsDeps): FastifyPluginAsync {
  return async (app) => {
    app.post<{ Body: { now?: string } }>(
      '/sweep',
      { config: { opsPermission: 'decide' }, preValidation: defaultEmptyBody, schema: { body: sweepBody, response: responses(sweepResponse) } },
      async (request): Promise<SweepResult> => {
        const { now } = request.body;
        if (now !== undefined && ctx.production) throw new ApiError(400, 'backOffice.sweepNowInProduction');
        return sweepRectifications(ctx, now === undefined ? ctx.clock() : Date.parse(now), request.log);
      },
    );

    app.post<{ Params: { id: string } }>(
      '/applications/:id/reopen',
      { config: { opsPermission: 'decide' }, preValidation: defaultEmptyBody, schema: { params: idParams, body: emptyBody, response: responses(actionResponse) } },
      async (request): Promise<OpsActionResponse> => reopenApplication(ctx, request.params.id, requireOpsActor(request).name, request.log),
    );
  };
}
