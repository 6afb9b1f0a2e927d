import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import { hasReached, journey, stepAfter, stepBefore } from '../../src/engine/flow';
import type { FlowConfig, StepId } from '../../src/engine/flow-types';
import { serverMessages } from '../../src/api/types';
import { findUserById, moveUserSteps } from '../db/repositories/users';
import type { Database, UserRow } from '../db/schema';
import { ApiError } from '../errors';
import { requireUser } from '../plugins/auth';

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
 * mobile sign-in, cannot be undone while signed in). Null when there is nowhere to go.
 */
export function pointersBefore(flow: FlowConfig, pointers: StepPointers): StepPointers | null {
  const order = journey(flow);
  const floor = order[1];
  if (!pointers.nextStep || !floor) return null;
  const target = stepBefore(flow, pointers.nextStep);
  if (!target || order.indexOf(target) < order.indexOf(floor)) return null;
  return { currentStep: stepBefore(flow, target) ?? null, nextStep: target };
}

export interface StepRules {
  /**
   * preHandler: 400 'please complete previous steps' unless the applicant has reached `stepId`.
   * With `onlyWhenNext`, a step that is done is closed too (e.g. PAN, which later checks rely on);
   * set-previous is the way back to it.
   */
  requireStep(stepId: StepId, options?: { onlyWhenNext?: boolean }): preHandlerAsyncHookHandler;
  /** Marks `stepId` done when it is the applicant's next step; returns the fresh user either way. */
  completeStep(user: UserRow, stepId: StepId): Promise<UserRow>;
  /** Moves back one journey step (see pointersBefore); returns the fresh user. */
  stepBack(user: UserRow): Promise<UserRow>;
}

function pointersOf(user: UserRow): StepPointers {
  return { currentStep: user.current_step, nextStep: user.next_step };
}

/** Step order from the flow config, for every step's routes. No step ids here. */
export function createStepRules(db: Kysely<Database>, flow: FlowConfig, clock: () => number): StepRules {
  async function move(user: UserRow, target: StepPointers | null): Promise<UserRow> {
    if (target) await moveUserSteps(db, user.id, user.next_step, target, clock());
    return (await findUserById(db, user.id)) ?? user;
  }
  return {
    requireStep(stepId, options = {}) {
      return async (request) => {
        const nextStep = requireUser(request).next_step;
        const open = options.onlyWhenNext ? nextStep === stepId : hasReached(flow, nextStep, stepId);
        if (!open) {
          throw new ApiError(400, serverMessages.outOfSync);
        }
      };
    },
    completeStep: (user, stepId) => move(user, pointersAfter(flow, pointersOf(user), stepId)),
    stepBack: (user) => move(user, pointersBefore(flow, pointersOf(user))),
  };
}
