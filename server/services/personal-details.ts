import type { PersonalDetailsBody, RejectedSteps } from '../../src/api/types';
import { serverMessages } from '../../src/api/types';
import { findUserById } from '../db/repositories/users';
import type { UserRow, UserUpdate } from '../db/schema';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { toUserDetails } from '../schemas/user-details';

export const personalDetailsSavedMessage = 'Personal Details Saved!';

/** The personal-details payload (schema 'personal-details'; 'modification-details' has no segments or declaration). */
export type PersonalDetailsInput = Omit<PersonalDetailsBody, 'segments'> & { segments?: string[] };

/** Values as sent (modification sends lowercase gender and marital status); names without edge spaces. */
function detailsPatch(input: PersonalDetailsInput, now: number): UserUpdate {
  return {
    gender: input.gender,
    marital_status: input.maritalStatus,
    occupation: input.occupation,
    income_segment: input.incomeSegment,
    trading_experience: input.tradingExperience,
    father_name: input.fatherName.trim(),
    mother_name: input.motherName.trim(),
    ...(input.segments ? { segments: JSON.stringify(input.segments) } : {}),
    ...(input.otherOptionsDeclaration !== undefined ? { other_options_declaration: input.otherOptionsDeclaration ? 1 : 0 } : {}),
    updated_at: now,
  };
}

async function reload(ctx: AppContext, user: UserRow): Promise<UserRow> {
  return (await findUserById(ctx.db, user.id)) ?? user;
}

/** Saves the details and completes `stepId` (the step order comes from the flow config). */
export async function savePersonalDetails(ctx: AppContext, user: UserRow, input: PersonalDetailsInput, stepId: string): Promise<UserRow> {
  await ctx.db.updateTable('users').set(detailsPatch(input, ctx.clock())).where('id', '=', user.id).execute();
  return ctx.steps.completeStep(await reload(ctx, user), stepId);
}

export interface RejectedStepFix {
  /** The step the applicant must be on to fix rejected steps (e.g. 'modification'). */
  fixingStep: string;
  /** The rejected step this payload fixes (e.g. 'personal_details'). */
  rejectedStep: string;
}

/**
 * Saves re-entered details for a rejected step and clears that rejection; with none left the
 * applicant moves on to the status after the journey. Only while `fixingStep` is next and
 * `rejectedStep` is rejected; a concurrent change answers 'please complete previous steps'.
 */
export async function fixRejectedDetails(
  ctx: AppContext,
  user: UserRow,
  input: PersonalDetailsInput,
  { fixingStep, rejectedStep }: RejectedStepFix,
): Promise<UserRow> {
  const rejected: RejectedSteps = { ...toUserDetails(user).rejectedSteps };
  if (user.next_step !== fixingStep || !(rejectedStep in rejected)) throw new ApiError(400, serverMessages.outOfSync);
  delete rejected[rejectedStep];
  const done = Object.keys(rejected).length === 0;
  const result = await ctx.db
    .updateTable('users')
    .set({
      ...detailsPatch(input, ctx.clock()),
      rejected_steps: JSON.stringify(rejected),
      ...(done ? { current_step: fixingStep, next_step: ctx.flow.afterJourney } : {}),
    })
    .where('id', '=', user.id)
    .where('next_step', '=', fixingStep)
    .where('rejected_steps', '=', user.rejected_steps)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new ApiError(400, serverMessages.outOfSync);
  return reload(ctx, user);
}
