import { findStep, journey } from './flow';
import type { FlowConfig, StepApiRoute, StepDefinition, StepId } from './flow-types';

/** Pure: which API routes belong to which step, and whether a step is open to an applicant now. */

export interface StepBinding {
  step: StepId;
  /** For a route fixing rejected work: the rejected steps it may fix (the first is its default). */
  fixes?: readonly StepId[];
  closedWhenDone: boolean;
  /**
   * A step's own route that a later status reuses to fix that step once rejected (the selfie is fixed by taking it
   * again): declared a second time, with `fixes`, in that status's `api` list.
   */
  fixedBy?: StepBinding & { fixes: readonly StepId[] };
}

function fixesOf(entry: string | StepApiRoute): StepId[] | undefined {
  if (typeof entry === 'string' || entry.fixes === undefined) return undefined;
  return Array.isArray(entry.fixes) ? entry.fixes : [entry.fixes];
}

/** 'POST /user/pan-number' → its step, from each step's `api` list in flow.json. */
export function apiBindings(flow: FlowConfig): Map<string, StepBinding> {
  const bindings = new Map<string, StepBinding>();
  for (const step of flow.steps) {
    for (const entry of step.api ?? []) {
      const route = typeof entry === 'string' ? entry : entry.route;
      const own: Partial<StepApiRoute> = typeof entry === 'string' ? {} : entry;
      const closedWhenDone = own.closedWhenDone ?? step.closedWhenDone === true;
      const fixes = fixesOf(entry);
      const binding: StepBinding = { step: step.id, closedWhenDone, ...(fixes ? { fixes } : {}) };
      const owner = bindings.get(route);
      // A second declaration is only ever a fix of the owner's own step (step-check refuses anything else).
      if (owner && fixes) bindings.set(route, { ...owner, fixedBy: { step: step.id, closedWhenDone: false, fixes } });
      else bindings.set(route, binding);
    }
  }
  return bindings;
}

/**
 * The binding a request submits under: the route's own step while that is open, else the status that reuses the
 * route to fix a rejected step, while that status is next and one of the steps it fixes is rejected.
 */
export function bindingNow(
  flow: FlowConfig,
  nextStep: StepId | null | undefined,
  rejectedSteps: readonly StepId[],
  binding: StepBinding,
): StepBinding | undefined {
  if (stepOpen(flow, nextStep, binding)) return binding;
  const fix = binding.fixedBy;
  return fix && nextStep === fix.step && fix.fixes.some((step) => rejectedSteps.includes(step)) ? fix : undefined;
}

/**
 * Routes of rejected steps that `nextStep` fixes through the rejected step's own API (the selfie at
 * /verify-image during modification): the page guard lets the applicant there too.
 */
export function fixRoutes(flow: FlowConfig, nextStep: StepId | null | undefined, rejectedSteps: readonly StepId[]): string[] {
  const routes = new Set<string>();
  for (const binding of apiBindings(flow).values()) {
    if (binding.fixedBy?.step !== nextStep || !rejectedSteps.includes(binding.step)) continue;
    for (const route of findStep(flow, binding.step)?.routes ?? []) routes.add(route);
  }
  return [...routes];
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

/** The schema a declared API route's body is checked with (its `body` in flow.json); throws naming flow.json when none. */
export function bodySchemaOf(flow: FlowConfig, route: string): string {
  for (const step of flow.steps) {
    for (const entry of step.api ?? []) {
      if (typeof entry !== 'string' && entry.route === route && entry.body) return entry.body;
    }
  }
  throw new Error(`flow-config/flow.json: no step declares a "body" schema for the route '${route}'`);
}

/** The step a declared API route belongs to; throws naming flow.json when none declares it. */
export function stepOwning(flow: FlowConfig, route: string): StepId {
  const binding = apiBindings(flow).get(route);
  if (!binding) throw new Error(`flow-config/flow.json: no step declares the route '${route}' in its "api"`);
  return binding.step;
}
