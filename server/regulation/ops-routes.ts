import type { FastifyPluginAsync } from 'fastify';
import type { OpsDeps } from '../back-office/routes/ops';
import { findStep } from '../../core/engine/flow';
import { maskEmail, maskPhone } from '../providers/mask';
import { responses } from '../schemas/common';
import { familyRelationsOf } from './contacts';
import { declaredContacts } from './repository';

const declarationSchema = {
  type: 'object',
  properties: {
    applicationId: { type: 'string' },
    phone: { type: 'string' },
    channel: { type: 'string' },
    destination: { type: 'string' },
    relation: { type: 'string' },
    relationLabel: { type: 'string' },
    declaredAt: { type: 'string' },
    matches: {
      type: 'object',
      properties: { applicationId: { type: 'string' }, phone: { type: 'string' }, status: { type: ['string', 'null'] } },
      required: ['applicationId', 'phone', 'status'],
    },
  },
  required: ['applicationId', 'phone', 'channel', 'destination', 'relation', 'relationLabel', 'declaredAt', 'matches'],
} as const;

/**
 * GET /api/ops/contact-declarations[?applicationId=]: the applications whose contact another application also uses,
 * each with the family relation declared (in the reviewer's language) and the application it matches, phones and
 * addresses masked. The back office's filter of such applications, and what the reviewer reads beside one.
 */
export function opsRegulationRoutes({ ctx }: OpsDeps): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Querystring: { applicationId?: string } }>(
      '/contact-declarations',
      {
        schema: {
          querystring: { type: 'object', additionalProperties: false, properties: { applicationId: { type: 'string', maxLength: 64 } } },
          response: responses({ type: 'object', properties: { declarations: { type: 'array', items: declarationSchema } }, required: ['declarations'] }),
        },
      },
      async (request) => {
        const relations = familyRelationsOf(request.texts.pages, ctx.flow.steps.flatMap((step) => findStep(ctx.flow, step.id)?.routes ?? []));
        const rows = await declaredContacts(ctx.db, request.query.applicationId);
        return {
          declarations: rows.map((row) => ({
            applicationId: row.user_id,
            phone: maskPhone(row.phone, 'X'),
            channel: row.channel,
            destination: row.channel === 'email' ? maskEmail(row.destination) : maskPhone(row.destination, 'X'),
            relation: row.relation,
            relationLabel: relations.find((item) => item.relation === row.relation)?.label ?? row.relation,
            declaredAt: new Date(Number(row.declared_at)).toISOString(),
            matches: { applicationId: row.other_user_id, phone: maskPhone(row.other_phone, 'X'), status: row.other_status },
          })),
        };
      },
    );
  };
}
