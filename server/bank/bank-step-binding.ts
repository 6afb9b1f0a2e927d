import { apiBindings, stepOpen } from '../../core/engine/step-api';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';

/** The step a bank service works for, and how to mark it done: injected, so no service names a step. */
export interface BankStepBinding {
  stepId: string;
  /** Marks the step done when it is the applicant's next; returns the fresh user. */
  completeStep(user: UserRow): Promise<UserRow>;
  /** Whether an applicant whose next step is `nextStep` may still link an account (flow.json's order guard). */
  isOpen(nextStep: string | null): boolean;
}

/**
 * The step that owns `route` in flow.json ("api"), for what arrives outside the applicant's own requests (a vendor's
 * webhook, the simulated UPI app): a payment completes that step.
 */
export function stepOfRoute(ctx: AppContext, route: string): BankStepBinding {
  const binding = apiBindings(ctx.flow).get(route);
  if (!binding) throw new Error(`flow-config/flow.json: no step declares the route '${route}' in its "api"`);
  const stepId = binding.step;
  return { stepId, completeStep: (user) => ctx.steps.completeStep(user, stepId), isOpen: (nextStep) => stepOpen(ctx.flow, nextStep, binding) };
}
