import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors';
import { drainRequest } from './drain-request';
import { drainLimits } from './upload-kinds';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route reads multipart/form-data (with readUploadForm); every other route is JSON only. */
    acceptsUploads?: boolean;
  }
}

/**
 * Multipart parsing for the routes that opt in (config.acceptsUploads), with no body kept by the
 * parser itself: readUploadForm reads each part against its declared form. Every answer to a
 * request whose body is still arriving waits until the body is drained (up to drainLimits).
 */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    // The form's own limits apply per call; these only bound a route that forgets to pass any.
    limits: { fields: 0, files: 0, parts: 0, fileSize: 0 },
    throwFileSizeLimit: false,
  });

  app.addHook('preValidation', async (request) => {
    if (request.isMultipart() && request.routeOptions.config.acceptsUploads !== true) {
      throw new ApiError(415, 'upload.jsonOnly');
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!(await drainRequest(request.raw, drainLimits))) reply.header('connection', 'close');
    return payload;
  });
}
