import type { Transaction } from 'kysely';
import { type StepBinding, apiBindings, stepOpen } from '../../core/engine/step-api';
import type { AppContext } from '../context';
import type { Database, UserRow } from '../db/schema';
import { type SavedStep, afterSaved, storeAndComplete } from '../steps/step-answers';
import type { LinkedBankAccount } from './linked-account';

/** The step a bank service works for, and how it is saved: injected, so no service names a step. */
export interface BankStepBinding {
  stepId: string;
  /** Whether an applicant whose next step is `nextStep` may still link an account (flow.json's order guard). */
  isOpen(nextStep: string | null): boolean;
  /**
   * Inside the caller's transaction, on the one save path (storeAndComplete): the account stored as the step's answers
   * and the step completed when it is the applicant's next.
   */
  link(trx: Transaction<Database>, user: UserRow, account: LinkedBankAccount): Promise<SavedStep>;
  /** Once that transaction committed (afterSaved): the move recorded; returns the applicant as moved. */
  linked(saved: SavedStep): Promise<UserRow>;
}

/** The bank step as flow.json binds it to a route. */
export function bankStep(ctx: AppContext, binding: Pick<StepBinding, 'step' | 'closedWhenDone'>): BankStepBinding {
  const stepId = binding.step;
  return {
    stepId,
    isOpen: (nextStep) => stepOpen(ctx.flow, nextStep, binding),
    link: (trx, user, account) => storeAndComplete(ctx, trx, user, stepId, { ...account }),
    linked: (saved) => afterSaved(ctx, saved),
  };
}

/**
 * The step that owns `route` in flow.json ("api"), for what arrives outside the applicant's own requests (a vendor's
 * webhook, the simulated UPI app): a payment completes that step.
 */
export function stepOfRoute(ctx: AppContext, route: string): BankStepBinding {
  const binding = apiBindings(ctx.flow).get(route);
  if (!binding) throw new Error(`flow-config/flow.json: no step declares the route '${route}' in its "api"`);
  return bankStep(ctx, binding);
}
