import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../errors';
import type { LanguageTexts } from './texts';
import type { Deadline } from '../providers/call-budget';
import type { EmailClient, EmailMessage } from '../providers/email/email';
import type { SmsClient } from '../providers/sms/sms';

function minutes(ms: number): number {
  return Math.round(ms / 60_000);
}

interface OtpCaller {
  log: FastifyBaseLogger;
  /** The language the code goes out in. */
  texts: LanguageTexts;
  deadline: Deadline;
}

/** A provider failure becomes 502; the provider's error never holds the code. */
async function delivering(log: FastifyBaseLogger, provider: string, send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (error) {
    log.error({ err: error, provider }, 'otp delivery failed');
    throw new ApiError(502, 'otp.sendFailed');
  }
}

/** Sends a code by SMS: the text otp.sms of flow-config/messages.json, as its registered DLT template. */
export async function deliverSmsOtp(sms: SmsClient, caller: OtpCaller, message: { to: string; code: string; ttlMs: number }): Promise<void> {
  const values = { code: message.code, minutes: String(minutes(message.ttlMs)) };
  const text = caller.texts.say('otp.sms', values);
  await delivering(caller.log, sms.name, () => sms.send({ to: message.to, template: 'otp.sms', language: caller.texts.code, values, text }, caller.deadline));
}

/** Sends a code by email: otp.emailSubject and otp.emailText of flow-config/messages.json. */
export async function deliverEmailOtp(email: EmailClient, caller: OtpCaller, message: { to: string; code: string; ttlMs: number }): Promise<void> {
  const values = { code: message.code, minutes: minutes(message.ttlMs) };
  const { say } = caller.texts;
  await deliverEmailCode(email, caller, { to: message.to, subject: say('otp.emailSubject'), text: say('otp.emailText', values) });
}

/** Delivers a code in a text of the caller's (a reviewer's sign-in email); failures as the OTPs'. */
export async function deliverEmailCode(email: EmailClient, caller: Pick<OtpCaller, 'log' | 'deadline'>, message: EmailMessage): Promise<void> {
  await delivering(caller.log, email.name, () => email.send(message, caller.deadline));
}

/** Minutes of a code's validity, as messages state it. */
export const validityMinutes = minutes;
