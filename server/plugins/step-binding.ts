import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import { serverMessages } from '../../src/api/types';
import { findStep } from '../../src/engine/flow';
import type { FlowConfig } from '../../src/engine/flow-types';
import { apiBindings, bindingNow, genericStep, type StepBinding } from '../../src/engine/step-api';
import { rejectedStepsOf } from '../db/repositories/users';
import { ApiError } from '../errors';
import { requireUser } from './auth';

declare module 'fastify' {
  interface FastifyRequest {
    /** The step this request submits, as flow.json binds its route (or the generic route's `:stepId`). */
    step: StepBinding | null;
  }
  interface FastifyContextConfig {
    /** The generic step route: the step comes from this path parameter, and must be a generic step. */
    stepFromParam?: string;
  }
}

/** The step bound to this request; a route that calls this without a binding is a wiring bug. */
export function requireStep(request: FastifyRequest): StepBinding {
  if (!request.step) throw new Error(`route ${request.routeOptions.url ?? ''} is not bound to a step in flow-config/flow.json`);
  return request.step;
}

function guard(flow: FlowConfig, resolve: (request: FastifyRequest) => StepBinding | undefined): preHandlerAsyncHookHandler {
  return async (request) => {
    const binding = resolve(request);
    if (!binding) throw new ApiError(404, 'Not Found');
    const user = requireUser(request);
    const now = bindingNow(flow, user.next_step, Object.keys(rejectedStepsOf(user)), binding);
    if (!now) throw new ApiError(400, serverMessages.outOfSync);
    request.step = now;
  };
}

function fromParam(flow: FlowConfig, param: string) {
  return (request: FastifyRequest): StepBinding | undefined => {
    const id = (request.params as Record<string, unknown>)[param];
    const step = typeof id === 'string' ? genericStep(flow, id) : undefined;
    return step ? { step: step.id, closedWhenDone: step.closedWhenDone === true } : undefined;
  };
}

/**
 * Routes are bound to steps by declaration: each step's `api` list in flow.json. One hook adds the order guard
 * (and the closed-after-submission rule) to every bound route as it is registered, so no route can forget it,
 * and start-up fails if flow.json binds a route that does not exist (assertAllBound). Install before any route.
 */
export function installStepBinding(app: FastifyInstance, flow: FlowConfig, prefix: string): { assertAllBound(): void } {
  const bindings = apiBindings(flow);
  for (const binding of bindings.values()) {
    for (const fixed of [...(binding.fixes ?? []), ...(binding.fixedBy?.fixes ?? [])]) {
      if (!findStep(flow, fixed)) throw new Error(`flow-config/flow.json: a route of '${binding.step}' fixes unknown step '${fixed}'`);
    }
  }
  const seen = new Set<string>();
  app.decorateRequest('step', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const path = route.url.startsWith(prefix) ? route.url.slice(prefix.length) : route.url;
      // flow.json writes path parameters as the spec does ({consentId}); Fastify as :consentId.
      const key = `${method} ${path.replace(/:(\w+)/g, '{$1}')}`;
      const binding = bindings.get(key);
      const param = route.config?.stepFromParam;
      if (!binding && !param) continue;
      seen.add(key);
      const check = binding ? guard(flow, () => binding) : guard(flow, fromParam(flow, param!));
      const own = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
      route.preHandler = [check, ...own];
    }
  });
  return {
    /** Call once every route is registered. */
    assertAllBound() {
      const missing = [...bindings.keys()].filter((key) => !seen.has(key));
      if (missing.length > 0) throw new Error(`flow-config/flow.json binds routes the server does not have: ${missing.join(', ')}`);
    },
  };
}
