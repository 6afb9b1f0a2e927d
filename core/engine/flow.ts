import type { FlowConfig, StepDefinition, StepId } from './flow-types';

/** Pure step-machine queries over a flow config. No React, DOM or network here. */

export function findStep(config: FlowConfig, id: StepId | null | undefined): StepDefinition | undefined {
  return id ? config.steps.find((step) => step.id === id) : undefined;
}

/** The applicant's journey in config order, ending with the status that follows it. */
export function journey(config: FlowConfig): StepId[] {
  return [...config.steps.filter((step) => step.journey).map((step) => step.id), config.afterJourney];
}

/**
 * Whether `step` is past the journey: the status that follows it, or any later one (every step flow.json does not
 * mark `journey`; an id flow.json no longer has counts too). The application is submitted then: nothing the
 * applicant sends changes it but the fixes of steps the back office rejected. Null (not started) is not.
 */
export function isAfterJourney(config: FlowConfig, step: StepId | null | undefined): boolean {
  return !!step && findStep(config, step)?.journey !== true;
}

export function firstRoute(config: FlowConfig, id: StepId): string | undefined {
  return findStep(config, id)?.routes[0];
}

/** Continue logic: where "Continue" takes an applicant whose next step is `nextStep`. */
export function continueRoute(config: FlowConfig, nextStep: StepId | null | undefined): string {
  if (!nextStep) return config.routes.root;
  if (config.continue.toCompleted.includes(nextStep)) return config.routes.completed;
  return firstRoute(config, nextStep) ?? config.routes.completed;
}

/** The journey step that comes after `step`, or undefined when `step` is not on the journey. */
export function stepAfter(config: FlowConfig, step: StepId): StepId | undefined {
  const order = journey(config);
  const index = order.indexOf(step);
  return index >= 0 && index < order.length - 1 ? order[index + 1] : undefined;
}

/**
 * Where Continue takes the applicant after the step `path` belongs to: the first route of the next journey step
 * that opens on another page (declaration and signature share one).
 */
export function routeAfter(config: FlowConfig, path: string): string | undefined {
  let step = [...config.steps].reverse().find((candidate) => candidate.routes.includes(path))?.id;
  while (step) {
    step = stepAfter(config, step);
    const route = step ? firstRoute(config, step) : undefined;
    if (route && route !== path) return route;
  }
  return undefined;
}

export function stepBefore(config: FlowConfig, step: StepId): StepId | undefined {
  const order = journey(config);
  const index = order.indexOf(step);
  return index > 0 ? order[index - 1] : undefined;
}

export function isCompletedLike(config: FlowConfig, step: StepId | null | undefined): boolean {
  return !!step && config.guard.completedLike.includes(step);
}

export function isPublicRoute(config: FlowConfig, path: string): boolean {
  return config.publicRoutes.includes(normalisePath(path));
}

/** Trailing slashes (e.g. from a provider's callback) are dropped; the root stays "/". */
export function normalisePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** Every route the client must know: step routes plus the fixed and extra ones, without repeats. */
export function allRoutes(config: FlowConfig): string[] {
  const routes = new Set<string>(Object.values(config.routes));
  for (const step of config.steps) step.routes.forEach((route) => routes.add(route));
  config.extraRoutes.forEach((route) => routes.add(route));
  return [...routes];
}
