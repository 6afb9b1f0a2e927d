import type { FlowConfig, StepId } from './flow-types';
import { fixRoutes } from './step-api';
import { continueRoute, findStep, isCompletedLike, isPublicRoute, normalisePath } from './flow';

export interface GuardInput {
  path: string;
  signedIn: boolean;
  nextStep: StepId | null | undefined;
  /** The one-shot 'redirected' flag from local storage. */
  redirected: boolean;
  /** Steps the back office sent back: some are fixed on their own pages (the selfie). */
  rejectedSteps?: readonly StepId[];
}

export interface GuardDecision {
  /** Where to go instead, or undefined to stay. */
  redirect?: string;
  /** The one-shot flag was used and must be cleared. */
  clearRedirected?: boolean;
}

/** The step guard of spec section 4: keeps a signed-in applicant on the routes of their next step. */
export function guardRoute(config: FlowConfig, input: GuardInput): GuardDecision {
  const path = normalisePath(input.path);
  if (!input.signedIn || isPublicRoute(config, path) || !input.nextStep) return {};
  const { routes, guard } = config;
  if (path === routes.refresh) return {};

  if (path === routes.root) {
    if (isCompletedLike(config, input.nextStep)) return { redirect: routes.completed };
    // Spec 4, step guard: re_verification goes to /re-verification, from the root too (not a resume at 100%).
    if (guard.toReVerification.includes(input.nextStep)) return { redirect: routes.reVerification };
    if (input.redirected) return { redirect: continueRoute(config, input.nextStep), clearRedirected: true };
    return {};
  }
  if (config.extraRoutes.includes(path) || path === routes.applications) return {};

  const target = guard.toReVerification.includes(input.nextStep)
    ? routes.reVerification
    : guard.toCompleted.includes(input.nextStep)
      ? routes.completed
      : undefined;
  if (target) return path === target ? {} : { redirect: target };

  const own = findStep(config, input.nextStep)?.routes ?? [routes.completed];
  const allowed = [...own, ...fixRoutes(config, input.nextStep, input.rejectedSteps ?? [])];
  return allowed.includes(path) ? {} : { redirect: allowed[0] };
}
