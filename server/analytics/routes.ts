import type { FastifyPluginAsync } from 'fastify';
import { type ClientEvent, bankMethods, bankOutcomes, clientEventTypes, maxEventMessageLength, maxEventsPerBatch, personalDataIn } from '../../core/engine/analytics-events';
import { allRoutes } from '../../core/engine/flow';
import type { AppContext } from '../context';
import { ApiError, tooMany } from '../errors';
import { accessTokenHeader, createSessionLookup } from '../platform/auth';
import { responses } from '../schemas/common';
import { createWindowCounter } from './window-counter';

/** Events one client address may send per minute: plenty for a person, little for a script. */
export const eventsPerIpPerMinute = 240;

/**
 * The strict shape of a batch: only the listed fields, a route of flow.json (the server derives the step), a message
 * only where an error was shown. No field can carry a phone, PAN, name or anything the applicant typed.
 */
function batchSchema(routes: string[]) {
  const event = {
    type: 'object',
    additionalProperties: false,
    required: ['type', 'route'],
    properties: {
      type: { type: 'string', enum: [...clientEventTypes] },
      route: { type: 'string', enum: routes },
      message: { type: 'string', minLength: 1, maxLength: maxEventMessageLength },
      method: { type: 'string', enum: [...bankMethods] },
      outcome: { type: 'string', enum: [...bankOutcomes] },
    },
    allOf: [
      {
        if: { properties: { type: { const: 'page_view' } } },
        then: { maxProperties: 2, errorMessage: 'a page_view has only type and route' },
      },
      {
        if: { properties: { type: { const: 'form_error' } } },
        then: { properties: { message: { type: 'string' } }, required: ['message'], maxProperties: 3, errorMessage: 'a form_error has type, route and message' },
      },
      {
        if: { properties: { type: { const: 'bank_outcome' } } },
        then: { properties: { method: { type: 'string' }, outcome: { type: 'string' } }, required: ['method', 'outcome'], errorMessage: 'a bank_outcome has method and outcome' },
      },
    ],
  };
  return {
    type: 'object',
    additionalProperties: false,
    required: ['events'],
    properties: { events: { type: 'array', minItems: 1, maxItems: maxEventsPerBatch, items: event } },
  };
}

const acceptedResponse = { type: 'object', properties: { accepted: { type: 'integer' } }, required: ['accepted'] } as const;

/**
 * POST /events: the app's funnel events, batched and best effort (202). Signed in (x-access-token), they count for
 * that applicant, under a keyed hash of their id; without a live session they count for no one.
 */
export function eventRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const lookup = createSessionLookup(ctx);
    const perIp = createWindowCounter(60_000, eventsPerIpPerMinute, ctx.clock);
    app.post<{ Body: { events: ClientEvent[] } }>(
      '/events',
      { bodyLimit: 32 * 1024, schema: { body: batchSchema(allRoutes(ctx.flow)), response: { ...responses(acceptedResponse), 202: acceptedResponse } } },
      async (request, reply) => {
        const { events } = request.body;
        events.forEach((event, index) => {
          const found = event.message === undefined ? undefined : personalDataIn(event.message);
          if (found) throw new ApiError(400, 'events.personalData', { index, what: found });
        });
        const wait = perIp.take(request.ip, events.length);
        if (wait > 0) throw tooMany('events.tooMany', wait);
        const session = await lookup(request.headers[accessTokenHeader]);
        await ctx.analytics.recordClient(events, session?.user.id ?? null);
        return reply.code(202).send({ accepted: events.length });
      },
    );
  };
}
