import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';

declare module 'fastify' {
  interface FastifyRequest {
    /** What serves the signed-in applicant's application: the context of the config release it is pinned to. */
    runtime: AppContext | null;
  }
}

/**
 * Every signed-in request is served by its applicant's config release (issue 29): its step order, step rules,
 * validators and texts. Install in the signed-in scope right after the authenticate hook; a release's context is
 * built once per process (at start for the releases with open applications), so this is a lookup.
 */
export function installReleaseRuntime(scope: FastifyInstance, ctx: AppContext): { servePinned: (request: FastifyRequest) => Promise<void> } {
  const servePinned = async (request: FastifyRequest) => {
    if (request.user) request.runtime = await ctx.releases.serving(request.user.config_release);
  };
  scope.addHook('preValidation', servePinned);
  return { servePinned };
}

export function decorateReleaseRuntime(app: FastifyInstance): void {
  app.decorateRequest('runtime', null);
}

/** The context that serves this signed-in request (its applicant's release); a route outside the signed-in scope is a wiring bug. */
export function runtimeFor(request: FastifyRequest): AppContext {
  if (!request.runtime) throw new Error(`route ${request.routeOptions.url ?? ''} is not signed in: it has no release to serve it`);
  return request.runtime;
}
