import { findLatestChallenge } from '../db/repositories/otp-challenges';
import { updateUser } from '../db/repositories/users';
import type { OtpChallengeRow, UserRow } from '../db/schema';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { assertResendAllowed, redeemCode, reissueCode, startChallenge } from './otp';
import { deliverOtp } from './otp-messages';
import { reserveSend } from './send-caps';
import type { Caller } from './sign-in';

export const otpNotRequestedMessage = 'otp not requested';
const purpose = 'email_verification';

/** Addresses are kept lower-case so the same inbox is one destination for caps and lookups. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

async function latestChallenge(ctx: AppContext, user: UserRow, email: string): Promise<OtpChallengeRow | undefined> {
  return findLatestChallenge(ctx.db, { userId: user.id, channel: 'email', destination: email, purpose });
}

export async function addEmail(ctx: AppContext, user: UserRow, rawEmail: string, caller: Caller): Promise<void> {
  const email = normaliseEmail(rawEmail);
  await reserveSend(ctx, { channel: 'email', destination: email, ip: caller.ip });
  const code = await startChallenge(ctx, { channel: 'email', destination: email, purpose, userId: user.id, verifyTokenHash: null });
  await deliverOtp(ctx.email, caller.log, { channel: 'email', to: email, code, ttlMs: ctx.limits.otpTtlMs });
}

export async function resendEmailOtp(ctx: AppContext, user: UserRow, rawEmail: string, caller: Caller): Promise<void> {
  const email = normaliseEmail(rawEmail);
  const challenge = await latestChallenge(ctx, user, email);
  if (!challenge) throw new ApiError(400, otpNotRequestedMessage);
  assertResendAllowed(ctx, challenge);
  await reserveSend(ctx, { channel: 'email', destination: email, ip: caller.ip });
  const code = await reissueCode(ctx, challenge);
  await deliverOtp(ctx.email, caller.log, { channel: 'email', to: email, code, ttlMs: ctx.limits.otpTtlMs });
}

/** Verifies the address and completes `stepId` (the step flow.json binds the route to). */
export async function verifyEmail(ctx: AppContext, user: UserRow, rawEmail: string, otp: string, stepId: string): Promise<UserRow> {
  const email = normaliseEmail(rawEmail);
  const challenge = await latestChallenge(ctx, user, email);
  if (!challenge) throw new ApiError(400, otpNotRequestedMessage);
  await redeemCode(ctx, challenge, otp);
  await updateUser(ctx.db, user.id, { email, email_verified: 1, updated_at: ctx.clock() });
  return ctx.steps.completeStep({ ...user, email, email_verified: 1 }, stepId);
}
