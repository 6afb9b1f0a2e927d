import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { sandboxConsentActions, sandboxConsentExists, setSandboxConsentOutcome } from '../providers/account-aggregator/sandbox-account-aggregator';
import { bodyObject, responses } from '../schemas/common';
import { defaultEmptyBody } from '../schemas/request';
import { renderConsentPage } from './consent-page';

export const unknownSandboxConsent = 'Unknown sandbox consent';

const outcomeResponse = {
  type: 'object',
  properties: { consentId: { type: 'string' }, status: { type: 'string' }, redirectUrl: { type: 'string' } },
  required: ['consentId', 'status', 'redirectUrl'],
} as const;

/** POST /api/dev/aa/{consentId}/approve|reject: what the applicant does on the sandbox consent page. Outside production only. */
export function devAggregatorApiRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    for (const action of sandboxConsentActions) {
      app.post<{ Params: { consentId: string } }>(
        `/dev/aa/:consentId/${action}`,
        { preValidation: defaultEmptyBody, schema: { body: bodyObject({}, []), response: responses(outcomeResponse) } },
        async (request) => {
          const outcome = await setSandboxConsentOutcome(ctx.db, ctx.clock, request.params.consentId, action);
          if (!outcome) throw new ApiError(404, 'sandbox.unknownConsent');
          return outcome;
        },
      );
    }
  };
}

/**
 * GET /dev/aa/consent/{consentId}: the sandbox aggregator's consent page, with Approve and Reject
 * (plain forms, no script), each redirecting back to /income-proof/callback?id=<consentId>.
 */
export function devConsentPageRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    // The page's forms post url-encoded bodies with no fields that matter.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));
    app.get<{ Params: { consentId: string } }>('/dev/aa/consent/:consentId', async (request, reply) => {
      const { consentId } = request.params;
      const missing = !(await sandboxConsentExists(ctx.db, consentId));
      return reply
        .code(missing ? 404 : 200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderConsentPage({ consentId, missing }));
    });

    for (const action of sandboxConsentActions) {
      app.post<{ Params: { consentId: string } }>(`/dev/aa/consent/:consentId/${action}`, async (request, reply) => {
        const outcome = await setSandboxConsentOutcome(ctx.db, ctx.clock, request.params.consentId, action);
        if (!outcome) {
          return reply.code(404).type('text/html; charset=utf-8').send(renderConsentPage({ consentId: request.params.consentId, missing: true }));
        }
        return reply.redirect(outcome.redirectUrl, 303);
      });
    }
  };
}
