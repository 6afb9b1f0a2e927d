import type { OpsConfig } from '../../core/api/generated/schema-types';
import type { SmsTemplateIds } from '../config/sms-templates';
import type { Texts } from '../platform/texts';

/** What flow-config says that providers need: read once at start-up, handed to clients and simulators alike. */
export interface ProviderConfig {
  /** Every text the server words, in every language: an SMS simulator words a template's text as the vendor would. */
  texts: Texts;
  /** flow-config/sms.json and its translations: each SMS message code's registered template ids, by language code. */
  smsTemplates: SmsTemplates;
  /**
   * Every text the server sends with a one-time `{code}` in it (SMS and emails, every language): a simulator reads a
   * delivered message's code back out of the text it was worded from, as the person reading it would.
   */
  codeTexts: readonly string[];
}

export type SmsTemplate = SmsTemplateIds;

/** By language code, by message code ('otp.sms'). */
export type SmsTemplates = Readonly<Record<string, Readonly<Record<string, SmsTemplate>>>>;

function stringsOf(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(stringsOf);
  if (typeof node === 'object' && node !== null) return Object.values(node).flatMap(stringsOf);
  return [];
}

/** The provider config of a loaded flow-config. */
export function providerConfigOf(texts: Texts, smsTemplates: SmsTemplates, ops: OpsConfig): ProviderConfig {
  const worded = texts.languages.languages.flatMap(({ code }) => stringsOf(texts.in(code).messages));
  const codeTexts = [...new Set([...worded, ...stringsOf(ops.signInEmail)])].filter((text) => text.includes('{code}'));
  return { texts, smsTemplates, codeTexts };
}
