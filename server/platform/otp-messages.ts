import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../errors';
import type { Say } from '../../core/engine/message-codes';
import type { MessageProvider } from '../providers/messages';

function minutes(ms: number): number {
  return Math.round(ms / 60_000);
}

/** Delivers a code in the texts otp.* of flow-config/messages.json; a provider failure becomes 502 (the provider's error never holds the code). */
export async function deliverOtp(
  provider: MessageProvider,
  caller: { log: FastifyBaseLogger; say: Say },
  message: { channel: 'sms' | 'email'; to: string; code: string; ttlMs: number },
): Promise<void> {
  const { say } = caller;
  const values = { code: message.code, minutes: minutes(message.ttlMs) };
  const worded = message.channel === 'sms' ? { text: say('otp.sms', values) } : { text: say('otp.emailText', values), subject: say('otp.emailSubject') };
  await deliverCode(provider, caller.log, { ...message, ...worded });
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
    throw new ApiError(502, 'otp.sendFailed');
  }
}

/** Minutes of a code's validity, as messages state it. */
export const validityMinutes = minutes;
