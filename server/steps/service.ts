import type { Kysely, Transaction } from 'kysely';
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

/** A step completed inside a transaction: the applicant as moved (or as found), and the funnel's event still to record. */
export interface StepMove {
  user: UserRow;
  moved: boolean;
  completed: StepId | null;
  reached: StepId | null;
}

/** Moving through the flow; which step a route may submit is the binding hook's (steps/step-binding.ts). */
export interface StepRules {
  /** Marks `stepId` done when it is the applicant's next step; returns the fresh user either way. */
  completeStep(user: UserRow, stepId: StepId): Promise<UserRow>;
  /**
   * completeStep inside the caller's transaction (the save of the step's answers), so answers and move commit as
   * one; `recordMove` once it committed records the funnel's event and gives the user.
   */
  completeStepIn(trx: Transaction<Database>, user: UserRow, stepId: StepId): Promise<StepMove>;
  recordMove(move: StepMove): Promise<UserRow>;
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
  async function move(on: Kysely<Database>, user: UserRow, target: StepPointers | null, completed: StepId | null): Promise<StepMove> {
    const movedRow = target ? await moveUserSteps(on, user.id, user.next_step, { ...target, submitted: target.nextStep === flow.afterJourney }, clock()) : undefined;
    // Not moved: the row as it is now (a racing submit may have moved it).
    return { user: movedRow ?? (await findUserById(on, user.id)) ?? user, moved: !!movedRow, completed, reached: target?.nextStep ?? null };
  }
  async function recordMove(done: StepMove): Promise<UserRow> {
    if (done.moved && done.completed) await options.analytics?.stepMoved(done.user.id, done.completed, done.reached);
    return done.user;
  }
  return {
    completeStep: async (user, stepId) => recordMove(await move(db, user, pointersAfter(flow, pointersOf(user), stepId), stepId)),
    completeStepIn: (trx, user, stepId) => move(trx, user, pointersAfter(flow, pointersOf(user), stepId), stepId),
    recordMove,
    async stepBack(user) {
      const back = await move(db, user, pointersBefore(flow, pointersOf(user)), null);
      if (back.moved) await options.movedBack?.(user);
      return back.user;
    },
  };
}
