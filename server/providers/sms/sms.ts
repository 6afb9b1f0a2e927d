import type { SmsMessageCode } from '../../config/sms-templates';
import { indianMobilePattern } from '../../../core/engine/mobile-number';
import { ProviderError } from '../provider-error';
import type { SmsTemplate } from '../provider-config';
import type { ClientDeps } from '../vendor';
import type { Deadline } from '../call-budget';

/** SMS under India's DLT rules: every message is a registered template (core/engine/sms-templates.ts). */

export interface SmsMessage {
  /** A 10-digit Indian mobile number. */
  to: string;
  /** The text's code in messages.json: it names the registered template. */
  template: SmsMessageCode;
  /** The language the text is worded in: each language's text is a template of its own. */
  language: string;
  /** The values of the text's placeholders, by name ({code}, {minutes}). */
  values: Readonly<Record<string, string>>;
  /** The text as worded from messages.json: what the registered template must match. */
  text: string;
}

/** Sends or throws ProviderError (never with the number or the text in it). */
export interface SmsClient {
  readonly name: string;
  send(message: SmsMessage, deadline: Deadline): Promise<void>;
}

/** A gateway's own limit for one message; the request's deadline may cut it shorter. */
export const smsTimeoutMs = 10_000;

/** The template ids of a message in its language; refuses what no gateway would accept. */
export function templateOf(vendor: string, deps: Pick<ClientDeps, 'config'>, message: SmsMessage): SmsTemplate {
  if (!indianMobilePattern.test(message.to)) throw new ProviderError(vendor, 'invalid sms destination: expected a 10-digit Indian mobile number');
  const template = deps.config.smsTemplates[message.language]?.[message.template];
  if (!template) throw new ProviderError(vendor, `no template for ${message.template} in ${message.language}`);
  return template;
}
