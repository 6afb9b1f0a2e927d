import { findStep, journey } from './flow';
import type { FlowConfig, StepApiRoute, StepDefinition, StepId } from './flow-types';

/** Pure: which API routes belong to which step, and whether a step is open to an applicant now. */

export interface StepBinding {
  step: StepId;
  /** For a route fixing rejected work: the rejected steps it may fix (the first is its default). */
  fixes?: readonly StepId[];
  closedWhenDone: boolean;
}

/** 'POST /user/pan-number' → its step, from each step's `api` list in flow.json. */
export function apiBindings(flow: FlowConfig): Map<string, StepBinding> {
  const bindings = new Map<string, StepBinding>();
  for (const step of flow.steps) {
    for (const entry of step.api ?? []) {
      const route = typeof entry === 'string' ? entry : entry.route;
      const own: Partial<StepApiRoute> = typeof entry === 'string' ? {} : entry;
      const closedWhenDone = own.closedWhenDone ?? step.closedWhenDone === true;
      const fixes = own.fixes === undefined ? undefined : Array.isArray(own.fixes) ? own.fixes : [own.fixes];
      bindings.set(route, { step: step.id, closedWhenDone, ...(fixes ? { fixes } : {}) });
    }
  }
  return bindings;
}

/** A step saved by the generic step route: it stores a schema's document and declares no routes of its own. */
export function isGenericStep(step: StepDefinition | undefined): step is StepDefinition & { schema: string } {
  return !!step?.schema && !step.api?.length;
}

export function genericStep(flow: FlowConfig, id: StepId): (StepDefinition & { schema: string }) | undefined {
  const step = findStep(flow, id);
  return isGenericStep(step) ? step : undefined;
}

/**
 * Whether an applicant whose next step is `nextStep` may submit `binding.step` now. A journey step is open
 * from the moment it is reached until the journey ends (after it, e.g. at verification_pending, every journey
 * step is closed); a closedWhenDone step only while it is next; any other status only while it is next.
 */
export function stepOpen(flow: FlowConfig, nextStep: StepId | null | undefined, binding: Pick<StepBinding, 'step' | 'closedWhenDone'>): boolean {
  if (!nextStep) return false;
  if (binding.closedWhenDone || !findStep(flow, binding.step)?.journey) return nextStep === binding.step;
  const order = journey(flow).slice(0, -1);
  const target = order.indexOf(binding.step);
  const position = order.indexOf(nextStep);
  return target >= 0 && position >= 0 && target <= position;
}

/** The step whose routes include `route` (its first owner), for pages that save through their step. */
export function stepOfRoute(flow: FlowConfig, route: string): StepDefinition | undefined {
  return flow.steps.find((step) => step.routes.includes(route));
}

/** The step a declared API route belongs to; throws naming flow.json when none declares it. */
export function stepOwning(flow: FlowConfig, route: string): StepId {
  const binding = apiBindings(flow).get(route);
  if (!binding) throw new Error(`flow-config/flow.json: no step declares the route '${route}' in its "api"`);
  return binding.step;
}
