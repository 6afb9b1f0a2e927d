import { journey } from '../../core/engine/flow';
import type { StepId } from '../../core/engine/flow-types';
import { stepOfRoute } from '../../core/engine/step-api';
import { findChallengeByVerifyToken, restoreLastSent } from '../platform/repositories/otp-challenges';
import { countApplicationsOnPhone, createUserIfMissing, findUserById, findUserByPhone } from '../platform/repositories/users';
import type { OtpChallengeRow, UserRow } from '../db/schema';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { openSession } from '../platform/auth';
import { acceptNotice, checkNoticeAccepted } from '../data-rights/consents';
import { assertResendAllowed, redeemCode, reissueCode, startChallenge } from '../platform/otp';
import { deliverSmsOtp } from '../platform/otp-messages';
import type { Caller } from '../schemas/request';
import { randomToken, sha256 } from '../platform/secrets';
import { reserveSend, reserveUnknownNumberLookup } from '../platform/send-caps';

/**
 * The step signing in completes: the one whose page is the login route (the config check makes it the first
 * journey step); the steps after it come from flow.json too.
 */
function signInStep(flow: AppContext['flow']): StepId {
  const step = stepOfRoute(flow, flow.routes.login);
  if (!step) throw new Error(`flow-config/flow.json: no step has the login route '${flow.routes.login}' in its "routes"`);
  return step.id;
}

const purpose = 'sign_in';

/** Sends a sign-in code to the applicant's phone and returns the verify token that it is bound to. */
async function sendSignInCode(ctx: AppContext, user: UserRow, caller: Caller): Promise<string> {
  await reserveSend(ctx, { channel: 'sms', destination: user.phone, ip: caller.ip });
  const verifyToken = randomToken();
  const { code } = await startChallenge(ctx, {
    channel: 'sms',
    destination: user.phone,
    purpose,
    userId: user.id,
    verifyTokenHash: sha256(verifyToken),
  });
  await deliverSmsOtp(ctx.sms, caller, { to: user.phone, code, ttlMs: ctx.limits.otpTtlMs });
  return verifyToken;
}

export async function login(ctx: AppContext, phone: string, caller: Caller): Promise<string> {
  const user = await findUserByPhone(ctx.db, phone);
  if (!user) {
    await reserveUnknownNumberLookup(ctx, caller.ip);
    throw new ApiError(404, 'signIn.notRegistered');
  }
  return sendSignInCode(ctx, user, caller);
}

export interface SignupInput {
  phone: string;
  referrer?: string | undefined;
  source?: string | undefined;
}

/** Idempotent: an existing number just gets a code, as with login. A new application starts on the newest config release. */
export async function signup(ctx: AppContext, input: SignupInput, caller: Caller): Promise<string> {
  const newest = await ctx.releases.newest();
  const user = await createUserIfMissing(ctx.db, {
    phone: input.phone,
    release: newest.number,
    nextStep: journey(newest.served.flow)[0] ?? null,
    referrer: input.referrer ?? null,
    source: input.source ?? null,
    language: caller.texts.code,
    now: ctx.clock(),
  });
  // The funnel's first step is reached here (the funnel counts each applicant once, however often they sign up).
  if (user.current_step === null) await ctx.analytics.stepMoved(user.id, null, user.next_step);
  return sendSignInCode(ctx, user, caller);
}

/** The challenge behind a verify token, which must also belong to `phone`; else 401. */
async function challengeFor(ctx: AppContext, verifyToken: string | undefined, phone: string): Promise<OtpChallengeRow> {
  const challenge =
    verifyToken && verifyToken.length <= 200 ? await findChallengeByVerifyToken(ctx.db, sha256(verifyToken)) : undefined;
  if (!challenge || challenge.destination !== phone || challenge.purpose !== purpose) {
    throw new ApiError(401, 'request.unauthorized');
  }
  return challenge;
}

export async function resendMobileOtp(ctx: AppContext, verifyToken: string | undefined, phone: string, caller: Caller): Promise<void> {
  const challenge = await challengeFor(ctx, verifyToken, phone);
  assertResendAllowed(ctx, challenge);
  await reserveSend(ctx, { channel: 'sms', destination: phone, ip: caller.ip });
  const code = await reissueCode(ctx, challenge);
  try {
    await deliverSmsOtp(ctx.sms, caller, { to: phone, code, ttlMs: ctx.limits.otpTtlMs });
  } catch (error) {
    // The resend wait counts from the send before, so the next try is not 'too early'.
    await restoreLastSent(ctx.db, challenge.id, challenge.last_sent_at);
    throw error;
  }
}

export interface SignedIn {
  user: UserRow;
  token: string;
  /** The applications under the number: the holder's and family members' sharing it. */
  applicationsOnNumber: number;
}

/**
 * The code signs the applicant in. At first sign-in, and after the Privacy Notice changed, the notice accepted on
 * /login (`noticeVersion`) must be the current one: checked before the code is used, recorded after.
 */
export async function verifyMobileOtp(ctx: AppContext, verifyToken: string | undefined, phone: string, otp: string, noticeVersion?: string): Promise<SignedIn> {
  const challenge = await challengeFor(ctx, verifyToken, phone);
  const found = challenge.user_id ? await findUserById(ctx.db, challenge.user_id) : undefined;
  const accepting = found ? await checkNoticeAccepted(ctx, found.id, noticeVersion) : false;
  await redeemCode(ctx, challenge, otp);
  if (!found) throw new ApiError(401, 'request.unauthorized');
  if (accepting) await acceptNotice(ctx, found);
  const served = await ctx.releases.serving(found.config_release);
  const user = await served.steps.completeStep(found, signInStep(served.flow));
  return { user, token: await openSession(ctx, user.id), applicationsOnNumber: await countApplicationsOnPhone(ctx.db, phone) };
}
