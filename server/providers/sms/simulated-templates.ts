import { createHash } from 'node:crypto';
import { type SmsMessageCode, smsMessageCodes } from '../../config/sms-templates';
import type { ProviderConfig, SmsTemplate } from '../provider-config';

/**
 * What an SMS simulator holds as the vendor's panel and the operators' DLT registry hold: each template of
 * flow-config/sms.json, by id, with its text (messages.json in the template's language). Ids the config leaves blank
 * (nothing registered yet) are given stable simulated ones, the same in every instance, for client and simulator alike.
 */

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** 19 digits, like a DLT content template id. */
const simulatedDltId = (language: string, code: string) => `1107${BigInt(`0x${digest(`dlt:${language}:${code}`).slice(0, 15)}`).toString().padStart(15, '0').slice(0, 15)}`;
/** 24 hexadecimal characters, like an MSG91 template id. */
const simulatedMsg91Id = (language: string, code: string) => digest(`msg91:${language}:${code}`).slice(0, 24);

export function withSimulatedTemplateIds(config: ProviderConfig): ProviderConfig {
  const smsTemplates = Object.fromEntries(
    Object.entries(config.smsTemplates).map(([language, templates]) => [
      language,
      Object.fromEntries(
        Object.entries(templates).map(([code, ids]): [string, SmsTemplate] => [
          code,
          {
            dltTemplateId: ids.dltTemplateId.trim() || simulatedDltId(language, code),
            msg91TemplateId: ids.msg91TemplateId.trim() || simulatedMsg91Id(language, code),
          },
        ]),
      ),
    ]),
  );
  return { ...config, smsTemplates };
}

export interface RegisteredTemplate {
  language: string;
  code: SmsMessageCode;
  /** The placeholders of its text: the variables a send must give. */
  variables: string[];
  /** The text worded with `values`. */
  word(values: Readonly<Record<string, string>>): string;
}

/** The registered templates, found by one of their ids. */
export function templateRegistry(config: ProviderConfig, idOf: (template: SmsTemplate) => string): (id: string) => RegisteredTemplate | undefined {
  const byId = new Map<string, RegisteredTemplate>();
  for (const [language, templates] of Object.entries(config.smsTemplates)) {
    const texts = config.texts.in(language);
    for (const code of smsMessageCodes) {
      const ids = templates[code];
      if (!ids) continue;
      // Worded with no values, a text keeps its placeholders.
      const raw = texts.say(code);
      const variables = [...raw.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
      byId.set(idOf(ids), { language, code, variables: [...new Set(variables)], word: (values) => texts.say(code, values) });
    }
  }
  return (id) => byId.get(id);
}
