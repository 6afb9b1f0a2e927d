import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '../../core/api/types';
import { isMessageCode } from '../../core/engine/message-codes';
import { ApiError, FieldValidationError } from '../errors';

export function errorBody(statusCode: number, message: string, code?: string): ApiErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, errorMessage: message, ...(code ? { code } : {}) };
}

/** Serialised once: unknown paths are the cheapest answer the server gives, as for a bare server. */
const notFoundJson = JSON.stringify(errorBody(404, 'not found'));

export function sendJsonNotFound(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(404).header('content-type', 'application/json; charset=utf-8').send(notFoundJson);
}

function statusOf(error: FastifyError): number {
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

/**
 * Every error becomes an ApiErrorBody whose message is the words flow-config/messages.json gives its code (and the
 * code beside them), in the request's language. Client mistakes (bad JSON, wrong content type, oversize, schema
 * failures, whose schema `errorMessage` may be a code too) keep their 4xx and message; anything else is logged and
 * answered as 500 without internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { say, messages, words } = request.texts;
    if (error instanceof FieldValidationError) {
      // Step forms place these under their fields; the schema's words lead, in the request's language. A field's
      // message may be a code (an upload's refusal under its field): its words are written here, as for every other answer.
      const fields = Object.fromEntries(Object.entries(error.fields).map(([field, messages]) => [field, messages.map(words)]));
      const first = Object.values(fields).flat()[0];
      const body = { ...errorBody(400, first ?? say(error.code), error.code), errors: fields };
      return reply.code(400).send(body);
    }
    if (error instanceof ApiError) {
      // A value may be English words the server holds (an upload's label): worded in the request's language too.
      const values = Object.fromEntries(Object.entries(error.values).map(([key, value]) => [key, typeof value === 'string' ? words(value) : value]));
      return reply.code(error.statusCode).headers(error.headers).send(errorBody(error.statusCode, say(error.code, values), error.code));
    }
    const status = statusOf(error);
    if (status < 500) {
      const code = isMessageCode(messages, error.message) ? error.message : undefined;
      return reply.code(status).send(errorBody(status, code ? say(code) : error.message, code));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(status).send(errorBody(status, say('request.generic'), 'request.generic'));
  });
}
