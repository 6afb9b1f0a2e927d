import type { preHandlerAsyncHookHandler } from 'fastify';
import { journey } from '../../src/engine/flow';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { requireUser } from '../plugins/auth';
import { journeyClosedMessage } from './identity-messages';

/**
 * preHandler: the step guard (`requireStep`, reached steps may be submitted again) plus one rule it
 * lacks today: once the application has left the journey (verification_pending and after), the
 * journey steps are closed (409). The lead's declared step guard is meant to replace this.
 */
export function requireOpenJourneyStep(ctx: AppContext, stepId: string): preHandlerAsyncHookHandler {
  const reached = ctx.steps.requireStep(stepId);
  const open = new Set(journey(ctx.flow).slice(0, -1));
  return async function openJourneyStep(request, reply) {
    const next = requireUser(request).next_step;
    if (next !== null && !open.has(next)) throw new ApiError(409, journeyClosedMessage);
    await reached.call(this, request, reply);
  };
}
