import type { Texts } from '../platform/texts';

/** What flow-config says that providers need: read once at start-up, handed to clients and simulators alike. */
export interface ProviderConfig {
  /**
   * Every text the server words, in every language. A simulator reads a delivered message's one-time code back out of
   * it by the text it was worded from (its `{code}`), as a person reading the SMS would.
   */
  texts: Texts;
  /** flow-config/sms.json and its translations: each SMS message code's DLT template, by language code. */
  smsTemplates: SmsTemplates;
}

/** One SMS text as registered on DLT (and with the SMS vendor): the ids a vendor needs to send it. */
export interface SmsTemplate {
  /** The DLT content template id the operator scrubs against (commonly 19 digits); blank until registered. */
  dltTemplateId: string;
  /** MSG91's own id of the template (24 hex characters), whose text maps to the DLT template; blank until created. */
  msg91TemplateId: string;
}

/** By language code, by message code ('otp.sms'). */
export type SmsTemplates = Readonly<Record<string, Readonly<Record<string, SmsTemplate>>>>;
