import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { MessageProvider } from './messages';
import { createHttpSmsProvider } from './http-sms';
import { createSandboxMessageProvider } from './sandbox-messages';
import { createSmtpEmailProvider } from './smtp-email';

/** The environment variables that choose and configure the message providers. */
export interface MessageProviderEnv {
  SMTP_URL?: string | undefined;
  MAIL_FROM?: string | undefined;
  SMS_GATEWAY_URL?: string | undefined;
  SMS_GATEWAY_TOKEN?: string | undefined;
  SMS_SENDER_ID?: string | undefined;
}

export interface MessageProviders {
  sms: MessageProvider;
  email: MessageProvider;
}

export interface MessageProvidersOptions {
  /** Latency of the sandbox; default 150 ms. Tests pass 0. */
  sandboxDelayMs?: number;
  /** Timeout of the real providers; default 10 s each. */
  timeoutMs?: number;
}

/** An empty or blank variable counts as unset. */
function setting(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * Sandbox (recorded in the outbox table, nothing delivered) unless a channel's environment is set:
 * SMTP_URL + MAIL_FROM for email, SMS_GATEWAY_URL (+ SMS_GATEWAY_TOKEN, SMS_SENDER_ID) for SMS.
 * Throws when SMTP_URL is set without MAIL_FROM, or a URL is malformed.
 */
export function createMessageProviders(
  env: MessageProviderEnv,
  db: Kysely<Database>,
  clock: () => number,
  options: MessageProvidersOptions = {},
): MessageProviders {
  const sandbox = createSandboxMessageProvider(db, clock, { delayMs: options.sandboxDelayMs });
  const { timeoutMs } = options;

  const smtpUrl = setting(env.SMTP_URL);
  const mailFrom = setting(env.MAIL_FROM);
  if (smtpUrl && !mailFrom) throw new Error('MAIL_FROM must be set when SMTP_URL is set');
  const email = smtpUrl && mailFrom ? createSmtpEmailProvider({ url: smtpUrl, from: mailFrom, timeoutMs }) : sandbox;

  const smsUrl = setting(env.SMS_GATEWAY_URL);
  const sms = smsUrl
    ? createHttpSmsProvider({
        url: smsUrl,
        token: setting(env.SMS_GATEWAY_TOKEN),
        senderId: setting(env.SMS_SENDER_ID),
        timeoutMs,
      })
    : sandbox;

  return { sms, email };
}
