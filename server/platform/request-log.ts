import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request at the info level: 'request completed' carries the (masked) request as
 * well as the status and time. The separate 'incoming request' line is written at debug. The same
 * facts as Fastify's two lines, for half the log writes under load.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const facts = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...facts, err: error }, 'request errored');
    else reply.log.info(facts, 'request completed');
  }
}
