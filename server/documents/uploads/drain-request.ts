import type { IncomingMessage } from 'node:http';

function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Reads and discards what is left of a request body, up to a bound, so an early answer (413, 401,
 * 415) reaches a client that is still sending instead of a reset connection. Resolves true when
 * the body was read to its end; false when it was cut (past the bound, too slow, or aborted), in
 * which case the caller should close the connection after answering.
 */
export function drainRequest(request: IncomingMessage, limits: { maxBytes: number; maxMs: number }): Promise<boolean> {
  if (request.readableEnded || !hasBody(request)) return Promise.resolve(true);
  if (request.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (drained: boolean) => {
      clearTimeout(timer);
      request.off('data', onData).off('end', onEnd).off('close', onClose).off('error', onClose);
      if (!drained) request.pause();
      resolve(drained);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limits.maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(request.readableEnded);
    const timer = setTimeout(() => finish(false), limits.maxMs);
    // A parser may still be attached (busboy after a refused part): nothing more goes to it.
    request.unpipe();
    request.on('data', onData).on('end', onEnd).on('close', onClose).on('error', onClose);
    request.resume();
  });
}
