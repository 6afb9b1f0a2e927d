import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { Caller } from '../sign-in/service';

/** For routes without a payload: no body counts as {}, so the strict empty-object schema still applies. */
export const defaultEmptyBody: preValidationAsyncHookHandler = async (request) => {
  if (request.body === undefined || request.body === null) request.body = {};
};

/** A single header's value; repeated headers are treated as absent. */
export function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

export function callerOf(request: FastifyRequest): Caller {
  return { ip: request.ip, log: request.log, texts: request.texts };
}
