import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../errors';
import type { MessageProvider } from '../providers/messages';

export const emailOtpSubject = 'Your Onboard verification code';
export const sendFailedMessage = 'could not send the OTP, please try again';

function minutes(ms: number): number {
  return Math.round(ms / 60_000);
}

export function smsOtpText(code: string, ttlMs: number): string {
  return `Your Onboard OTP is ${code}. It is valid for ${minutes(ttlMs)} minutes. Do not share it with anyone.`;
}

export function emailOtpText(code: string, ttlMs: number): string {
  return [
    `Your Onboard email verification code is ${code}. It is valid for ${minutes(ttlMs)} minutes.`,
    'Do not share it with anyone. If you did not ask for it, you can ignore this email.',
  ].join('\n\n');
}

/** Delivers a code; a provider failure becomes 502 (the provider's error never holds the code). */
export async function deliverOtp(
  provider: MessageProvider,
  log: FastifyBaseLogger,
  message: { channel: 'sms' | 'email'; to: string; code: string; ttlMs: number },
): Promise<void> {
  const text = message.channel === 'sms' ? smsOtpText(message.code, message.ttlMs) : emailOtpText(message.code, message.ttlMs);
  await deliverCode(provider, log, { ...message, text, ...(message.channel === 'email' ? { subject: emailOtpSubject } : {}) });
}

/** Delivers a code in a text of the caller's (a reviewer's sign-in email); failures as deliverOtp's. */
export async function deliverCode(
  provider: MessageProvider,
  log: FastifyBaseLogger,
  message: { channel: 'sms' | 'email'; to: string; code: string; text: string; subject?: string },
): Promise<void> {
  try {
    await provider.send({
      channel: message.channel,
      to: message.to,
      text: message.text,
      code: message.code,
      ...(message.subject ? { subject: message.subject } : {}),
    });
  } catch (error) {
    log.error({ err: error, provider: provider.name }, 'otp delivery failed');
    throw new ApiError(502, sendFailedMessage);
  }
}

/** Minutes of a code's validity, as messages state it. */
export const validityMinutes = minutes;
