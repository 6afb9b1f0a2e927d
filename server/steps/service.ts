import type { Kysely } from 'kysely';
import { isAfterJourney, journey, stepAfter, stepBefore } from '../../core/engine/flow';
import type { FlowConfig, StepId } from '../../core/engine/flow-types';
import { findUserById, moveUserSteps } from '../platform/repositories/users';
import type { Database, UserRow } from '../db/schema';
import type { Analytics } from '../analytics/service';

export interface StepPointers {
  currentStep: StepId | null;
  nextStep: StepId | null;
}

/** Pure: pointers after completing `stepId`, or null when it is not the applicant's next step. */
export function pointersAfter(flow: FlowConfig, pointers: StepPointers, stepId: StepId): StepPointers | null {
  const next = pointers.nextStep === stepId ? stepAfter(flow, stepId) : undefined;
  return next ? { currentStep: stepId, nextStep: next } : null;
}

/**
 * Pure: pointers one journey step back, never before the second journey step (the first,
 * mobile sign-in, cannot be undone while signed in), and never from a status after the journey
 * (a submitted application stays closed). Null when there is nowhere to go.
 */
export function pointersBefore(flow: FlowConfig, pointers: StepPointers): StepPointers | null {
  const order = journey(flow);
  const floor = order[1];
  if (!pointers.nextStep || !floor || isAfterJourney(flow, pointers.nextStep)) return null;
  const target = stepBefore(flow, pointers.nextStep);
  if (!target || order.indexOf(target) < order.indexOf(floor)) return null;
  return { currentStep: stepBefore(flow, target) ?? null, nextStep: target };
}

/** Moving through the flow; which step a route may submit is the binding hook's (steps/step-binding.ts). */
export interface StepRules {
  /** Marks `stepId` done when it is the applicant's next step; returns the fresh user either way. */
  completeStep(user: UserRow, stepId: StepId): Promise<UserRow>;
  /** Moves back one journey step (see pointersBefore); returns the fresh user. */
  stepBack(user: UserRow): Promise<UserRow>;
}

export interface StepRulesOptions {
  /** After a move back, with the applicant as they were before it: undoes what the steps reopened had led to. */
  movedBack?: (before: UserRow) => Promise<void>;
  /** Records each completed step for the funnel (the step done, the next one reached). */
  analytics?: Analytics;
}

function pointersOf(user: UserRow): StepPointers {
  return { currentStep: user.current_step, nextStep: user.next_step };
}

/**
 * Step order from the flow config, for every step's routes. No step ids here. A completed step is recorded for the
 * funnel (the step done, the next one reached) when `analytics` is given.
 */
export function createStepRules(db: Kysely<Database>, flow: FlowConfig, clock: () => number, options: StepRulesOptions = {}): StepRules {
  async function move(user: UserRow, target: StepPointers | null, completed: StepId | null): Promise<{ user: UserRow; moved: boolean }> {
    const moved = !!target && (await moveUserSteps(db, user.id, user.next_step, { ...target, submitted: target.nextStep === flow.afterJourney }, clock()));
    if (moved && target && completed) await options.analytics?.stepMoved(user.id, completed, target.nextStep);
    return { user: (await findUserById(db, user.id)) ?? user, moved };
  }
  return {
    completeStep: async (user, stepId) => (await move(user, pointersAfter(flow, pointersOf(user), stepId), stepId)).user,
    async stepBack(user) {
      const back = await move(user, pointersBefore(flow, pointersOf(user)), null);
      if (back.moved) await options.movedBack?.(user);
      return back.user;
    },
  };
}
