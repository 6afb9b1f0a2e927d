/**
 * Routes as flow.json names them ('POST /user/pan-number', path parameters as the spec writes them: {consentId}),
 * and as Fastify registers them ('/api/user/pan-number', parameters as :consentId).
 */

/** 'POST /user/pan-number' for a route as Fastify registers it ('/api/user/pan-number'); path parameters as {name}. */
export function routeKey(method: string, url: string, prefix: string): string {
  const path = url.startsWith(prefix) ? url.slice(prefix.length) : url;
  return `${method} ${path.replace(/:(\w+)/g, '{$1}')}`;
}

/** 'POST /user/x/{id}' → '/user/x/:id', the path to register under the API's prefix. */
export function fastifyPath(route: string): string {
  return route.slice(route.indexOf(' ') + 1).replace(/\{(\w+)\}/g, ':$1');
}

/** Methods that read: a route of these changes nothing. */
export const readMethods: readonly string[] = ['GET', 'HEAD'];
