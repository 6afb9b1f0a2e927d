import { deleteChallenge, findLatestChallenge, restoreLastSent } from '../platform/repositories/otp-challenges';
import { lockApplicant, updateUser } from '../platform/repositories/users';
import type { OtpChallengeRow, UserRow } from '../db/schema';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { assertNoFreshCode, assertResendAllowed, redeemCode, reissueCode, startChallenge } from '../platform/otp';
import { deliverEmailOtp } from '../platform/otp-messages';
import { reserveSend } from '../platform/send-caps';
import type { Caller } from '../schemas/request';
import { normaliseEmail } from '../platform/email-address';

const purpose = 'email_verification';


async function latestChallenge(ctx: AppContext, user: UserRow, email: string): Promise<OtpChallengeRow | undefined> {
  return findLatestChallenge(ctx.db, { userId: user.id, channel: 'email', destination: email, purpose });
}

/**
 * Sends a code to the address. A second send while the first code is fresh (a double submit) is 'request too
 * early', so the code already on its way keeps working; the check and the new challenge are one transaction under
 * the applicant's lock, so this holds across instances too. A send that fails leaves no challenge behind.
 */
export async function addEmail(ctx: AppContext, user: UserRow, rawEmail: string, caller: Caller): Promise<void> {
  const email = normaliseEmail(rawEmail);
  const started = await ctx.db.transaction().execute(async (trx) => {
    await lockApplicant(trx, user.id);
    const deps = { ...ctx, db: trx };
    assertNoFreshCode(deps, await findLatestChallenge(trx, { userId: user.id, channel: 'email', destination: email, purpose }));
    await reserveSend(deps, { channel: 'email', destination: email, ip: caller.ip });
    return startChallenge(deps, { channel: 'email', destination: email, purpose, userId: user.id, verifyTokenHash: null });
  });
  try {
    // In the applicant's own language (their stored choice), as every email to them.
    await deliverEmailOtp(ctx.email, { log: caller.log, texts: ctx.texts.in(user.language), deadline: caller.deadline }, { to: email, code: started.code, ttlMs: ctx.limits.otpTtlMs });
  } catch (error) {
    await deleteChallenge(ctx.db, started.id);
    throw error;
  }
}

/** A new code for the same challenge; a resend that fails may be tried again at once. */
export async function resendEmailOtp(ctx: AppContext, user: UserRow, rawEmail: string, caller: Caller): Promise<void> {
  const email = normaliseEmail(rawEmail);
  const challenge = await latestChallenge(ctx, user, email);
  if (!challenge) throw new ApiError(400, 'otp.notRequested');
  assertResendAllowed(ctx, challenge);
  await reserveSend(ctx, { channel: 'email', destination: email, ip: caller.ip });
  const code = await reissueCode(ctx, challenge);
  try {
    await deliverEmailOtp(ctx.email, { log: caller.log, texts: ctx.texts.in(user.language), deadline: caller.deadline }, { to: email, code, ttlMs: ctx.limits.otpTtlMs });
  } catch (error) {
    await restoreLastSent(ctx.db, challenge.id, challenge.last_sent_at);
    throw error;
  }
}

/** Verifies the address and completes `stepId` (the step flow.json binds the route to). */
export async function verifyEmail(ctx: AppContext, user: UserRow, rawEmail: string, otp: string, stepId: string): Promise<UserRow> {
  const email = normaliseEmail(rawEmail);
  const challenge = await latestChallenge(ctx, user, email);
  if (!challenge) throw new ApiError(400, 'otp.notRequested');
  await redeemCode(ctx, challenge, otp);
  // The address and the move: one transaction (the step's own answer is the verified address on the user row).
  const move = await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { email, email_verified: 1, updated_at: ctx.clock() });
    return ctx.steps.completeStepIn(trx, { ...user, email, email_verified: 1 }, stepId);
  });
  return ctx.steps.recordMove(move);
}
