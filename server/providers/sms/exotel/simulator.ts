import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { createOutboxRecorder } from '../../simulated-outbox';
import type { HttpSimulator, SimulatorDeps } from '../../vendor';
import { type RegisteredTemplate, templateRegistry, withSimulatedTemplateIds } from '../simulated-templates';

/**
 * Exotel's SMS API on loopback (client.ts has the documentation it follows): Basic auth, the form parameters, the
 * `SMSMessage` answer and the details API, and the operators' DLT scrubbing: a Body that does not match the registered
 * template of its DltTemplateId (each placeholder a {#var#}), or a wrong header or entity, is accepted, then fails
 * with FAILED_DLT_* in its details and never reaches the phone (the outbox), as on the real network.
 */

export const simulatorApiKey = 'sim-exotel-key';
export const simulatorApiToken = 'sim-exotel-token';
export const simulatorAccountSid = 'onboardsim1';
export const simulatorSenderId = 'ONBORD';
export const simulatorEntityId = '1101000000000000001';

interface StoredSms {
  Sid: string;
  AccountSid: string;
  From: string;
  To: string;
  Body: string;
  Status: string;
  DetailedStatus: string;
  DetailedStatusCode: number;
  DateCreated: string;
  DateUpdated: string;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether `body` is the template's text with some value in each {#var#} (spaces and line breaks not compared). */
function matchesTemplate(template: RegisteredTemplate, body: string): boolean {
  const placeholders = Object.fromEntries(template.variables.map((name) => [name, '\u0000']));
  const pattern = template
    .word(placeholders)
    .split('\u0000')
    .map((part) => escapeRegExp(part.replace(/\s+/g, '')))
    .join('.+?');
  return new RegExp(`^${pattern}$`, 's').test(body.replace(/\s+/g, ''));
}

const restException = (reply: FastifyReply, status: number, message: string, code: string) => {
  reply.code(status);
  return { RestException: { Status: status, Message: message, Code: code } };
};

function exotelTime(ms: number): string {
  return new Date(ms + 5.5 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
}

export function exotelRoutes(deps: SimulatorDeps): FastifyPluginAsync {
  const findTemplate = templateRegistry(deps.config, (ids) => ids.dltTemplateId);
  const deliver = createOutboxRecorder(deps);
  const credentials = `Basic ${Buffer.from(`${simulatorApiKey}:${simulatorApiToken}`).toString('base64')}`;
  return async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      const { sid } = request.params as { sid?: string };
      if (request.headers.authorization !== credentials || sid !== simulatorAccountSid) {
        return reply.send(restException(reply, 401, 'Authentication failed. Invalid API Key or Token.', 'UNAUTHORIZED'));
      }
      return undefined;
    });

    app.post<{ Params: { sid: string } }>('/v1/Accounts/:sid/Sms/send.json', async (request, reply) => {
      if (deps.delayMs > 0) await sleep(deps.delayMs);
      const form = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
      const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
      const to = field('To');
      if (!field('From') || !to || !field('Body') || !field('DltEntityId')) return restException(reply, 400, 'Invalid Parameters', 'BAD_REQUEST');
      if (!/^\+91[6-9]\d{9}$/.test(to)) return restException(reply, 400, `Invalid Recipient`, 'BAD_REQUEST');
      const template = findTemplate(field('DltTemplateId'));
      const now = exotelTime(deps.clock());
      const scrubbed =
        field('DltEntityId') !== simulatorEntityId
          ? ['FAILED_DLT_ENTITY', 23081]
          : field('From') !== simulatorSenderId
            ? ['FAILED_INVALID_SENDER', 23072]
            : !template || !matchesTemplate(template, field('Body'))
              ? ['FAILED_DLT_TEMPLATE', 23082]
              : undefined;
      const sms: StoredSms = {
        Sid: randomBytes(16).toString('hex'),
        AccountSid: simulatorAccountSid,
        From: field('From'),
        To: to,
        Body: field('Body'),
        Status: scrubbed ? 'failed' : 'sent',
        DetailedStatus: scrubbed ? String(scrubbed[0]) : 'DELIVERED_TO_OPERATOR',
        DetailedStatusCode: scrubbed ? Number(scrubbed[1]) : 20006,
        DateCreated: now,
        DateUpdated: now,
      };
      await deps.store.put('sms', sms.Sid, sms);
      if (!scrubbed) await deliver({ channel: 'sms', to: to.slice(3), text: field('Body') });
      // At submission the network has not answered yet: queued, whatever happens next.
      return { SMSMessage: { ...sms, Status: 'queued', DetailedStatus: 'PENDING_TO_OPERATOR', DetailedStatusCode: 21010 } };
    });

    app.get<{ Params: { sid: string; smsSid: string } }>('/v1/Accounts/:sid/SMS/Messages/:smsSid.json', async (request, reply) => {
      const sms = await deps.store.get<StoredSms>('sms', request.params.smsSid);
      return sms ? { SMSMessage: sms } : restException(reply, 404, 'Not Found', 'NOT_FOUND');
    });
  };
}

export const exotelSimulator: HttpSimulator<never> = {
  covers:
    '`POST /v1/Accounts/{sid}/Sms/send.json` with Basic auth (401 RestException otherwise) and the form parameters (400 Invalid Parameters); the operators\' DLT scrubbing of `Body` against the template of `DltTemplateId`, the header and the entity: accepted (queued), then FAILED_DLT_TEMPLATE, FAILED_INVALID_SENDER or FAILED_DLT_ENTITY in `GET /v1/Accounts/{sid}/SMS/Messages/{Sid}.json` and never delivered; a matching SMS goes into the outbox with its code.',
  defaultDelayMs: 150,
  prepareConfig: withSimulatedTemplateIds,
  routes: exotelRoutes,
  settings: (baseUrl) => ({
    EXOTEL_BASE_URL: baseUrl,
    EXOTEL_API_KEY: simulatorApiKey,
    EXOTEL_API_TOKEN: simulatorApiToken,
    EXOTEL_ACCOUNT_SID: simulatorAccountSid,
    EXOTEL_SENDER_ID: simulatorSenderId,
    EXOTEL_DLT_ENTITY_ID: simulatorEntityId,
  }),
};
