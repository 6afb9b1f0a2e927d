import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '../../src/api/types';
import { ApiError, FieldValidationError } from '../errors';

export const genericErrorMessage = 'Something went wrong, try again.';

export function errorBody(statusCode: number, message: string): ApiErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, errorMessage: message };
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
 * Every error becomes an ApiErrorBody. Client mistakes (bad JSON, wrong content type, oversize,
 * schema failures) keep their 4xx and message; anything else is logged and answered as 500
 * without internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      const body = errorBody(error.statusCode, error.message);
      // Step forms place these under their fields.
      if (error instanceof FieldValidationError) body.errors = error.fields;
      return reply.code(error.statusCode).headers(error.headers).send(body);
    }
    const status = statusOf(error);
    if (status < 500) return reply.code(status).send(errorBody(status, error.message));
    request.log.error({ err: error }, 'request failed');
    return reply.code(status).send(errorBody(status, genericErrorMessage));
  });
}
