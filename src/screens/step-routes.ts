import type { FlowConfig } from '../../core/engine/flow-types';

/**
 * The route `offset` places away from `route` within the step that owns it (e.g. /add-email → /verify-email),
 * so screens follow the order in flow.json rather than naming each other's paths.
 */
export function siblingRoute(flow: FlowConfig, route: string, offset: number): string {
  const step = flow.steps.find((candidate) => candidate.routes.includes(route));
  const routes = step?.routes ?? [];
  return routes[routes.indexOf(route) + offset] ?? flow.routes.root;
}
