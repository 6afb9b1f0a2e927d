import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { ApiError } from '../errors';
import { type Deadline, msUntil, noDeadline } from '../providers/call-budget';

declare module 'fastify' {
  interface FastifyRequest {
    /** performance.now() time by which this request must be answered; `noDeadline` outside the applicant API. */
    deadlineAt: Deadline;
  }
}

export function decorateDeadline(app: FastifyInstance): void {
  app.decorateRequest('deadlineAt', noDeadline);
}

/** Milliseconds left of the request's budget; Infinity for a request without one. */
export function requestMsLeft(request: FastifyRequest): number {
  return msUntil(request.deadlineAt);
}

/**
 * The spec's client gives up after 15 s. Every request of `scope` gets `budgetMs` from its arrival, as
 * `request.deadlineAt`: its handler hands it to every provider call it makes (providers/call-budget.ts), so the
 * applicant hears a clear, retryable answer before the client gives up. A request whose budget is spent before its
 * handler starts (a long upload, a long wait for its turn) is answered 503 'server busy' and changes nothing.
 */
export function installRequestDeadline(scope: FastifyInstance, budgetMs: number): void {
  scope.addHook('onRequest', (request, _reply, done) => {
    request.deadlineAt = performance.now() + budgetMs;
    done();
  });
  scope.addHook('onRoute', (route: RouteOptions) => {
    const handler = route.handler;
    route.handler = async function withinDeadline(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
      if (msUntil(request.deadlineAt) === 0) throw new ApiError(503, 'request.busy');
      return handler.call(this, request, reply);
    };
  });
}
