import type { UserRow } from '../db/schema';

/** The step a bank service works for, and how to mark it done: injected, so no service names a step. */
export interface BankStepBinding {
  stepId: string;
  /** Marks the step done when it is the applicant's next; returns the fresh user. */
  completeStep(user: UserRow): Promise<UserRow>;
  /** Whether an applicant whose next step is `nextStep` may still link an account (flow.json's order guard). */
  isOpen(nextStep: string | null): boolean;
}
