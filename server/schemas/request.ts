import type { FastifyBaseLogger, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { LanguageTexts } from '../platform/texts';
import type { Deadline } from '../providers/call-budget';

/** The header that carries the verify token a code was sent under (applicant and reviewer sign-in). */
export const verifyTokenHeader = 'x-verify-token';

/** Who asked, for the rules on sending codes: their address (caps), the request's log, its language and its deadline. */
export interface Caller {
  ip: string;
  log: FastifyBaseLogger;
  /** The request's language: a code goes out in it, and a new applicant keeps it. */
  texts: LanguageTexts;
  /** The request's deadline, for the SMS or email vendor's call. */
  deadline: Deadline;
}

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
  return { ip: request.ip, log: request.log, texts: request.texts, deadline: request.deadlineAt };
}
