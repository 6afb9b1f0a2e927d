import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { findStep } from '../../core/engine/flow';
import type { FlowConfig } from '../../core/engine/flow-types';
import { apiBindings, bindingNow, genericStep, type StepBinding } from '../../core/engine/step-api';
import { rejectedStepsOf } from '../platform/repositories/users';
import type { UserRow } from '../db/schema';
import { ApiError } from '../errors';
import { requireUser } from '../platform/auth';
import { readMethods, routeKey } from '../platform/route-keys';

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

/** The binding this request may submit under now, or the 404 / 400 that refuses it. */
function checkStep(flow: FlowConfig, request: FastifyRequest, binding: StepBinding | undefined): StepBinding {
  if (!binding) throw new ApiError(404, 'request.notFound');
  const user = requireUser(request);
  const now = bindingNow(flow, user.next_step, Object.keys(rejectedStepsOf(user)), binding);
  if (!now) throw new ApiError(400, 'flow.outOfSync');
  return now;
}

function fromParam(flow: FlowConfig, request: FastifyRequest, param: string): StepBinding | undefined {
  const id = (request.params as Record<string, unknown>)[param];
  const step = typeof id === 'string' ? genericStep(flow, id) : undefined;
  return step ? { step: step.id, closedWhenDone: step.closedWhenDone === true } : undefined;
}

/** Each served flow's bindings, worked out once (a release's flow object lives as long as the process). */
const bindingsByFlow = new WeakMap<FlowConfig, ReturnType<typeof apiBindings>>();
function bindingsOf(flow: FlowConfig): ReturnType<typeof apiBindings> {
  let bindings = bindingsByFlow.get(flow);
  if (!bindings) bindingsByFlow.set(flow, (bindings = apiBindings(flow)));
  return bindings;
}

export interface StepBindingHooks {
  /**
   * After a bound route that is not a read (GET) succeeded, inside the applicant's turn (platform/applicant-turns.ts):
   * `before` is the applicant as the request found them, `binding` what it submitted under.
   */
  afterChange?(before: UserRow, binding: StepBinding): Promise<void>;
}

/**
 * Routes are bound to steps by declaration: each step's `api` list in flow.json. One hook wraps every bound route's
 * handler as it is registered with the order guard (and the closed-after-submission rule), so no route can forget
 * it; start-up fails if flow.json binds a route that does not exist (assertAllBound). The guard runs in the handler,
 * after the preHandlers, so it reads the applicant as their turn found them. The binding and the guard are those of
 * the applicant's config release (request.runtime): a route the running config binds that their release does not
 * is a 404 to them. Install before any route.
 */
export function installStepBinding(app: FastifyInstance, flow: FlowConfig, prefix: string, hooks: StepBindingHooks = {}): { assertAllBound(): void } {
  const bindings = bindingsOf(flow);
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
      const key = routeKey(method, route.url, prefix);
      const binding = bindings.get(key);
      const param = route.config?.stepFromParam;
      if (!binding && !param) continue;
      seen.add(key);
      const changes = !readMethods.includes(method);
      const handler = route.handler;
      route.handler = async function boundStep(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
        const before = requireUser(request);
        const served = request.runtime?.flow ?? flow;
        const now = checkStep(served, request, binding ? bindingsOf(served).get(key) : fromParam(served, request, param!));
        request.step = now;
        const result: unknown = await handler.call(this, request, reply);
        if (changes) await hooks.afterChange?.(before, now);
        return result;
      };
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
