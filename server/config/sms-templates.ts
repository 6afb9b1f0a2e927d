import type { MessageCode } from '../../core/engine/message-codes';

/**
 * The SMS texts and their DLT registration (server only: the browser sends no SMS). India's DLT rules make every SMS name a registered content template
 * (TRAI TCCCPR 2018): each message code that goes by SMS has, per language, the DLT template id the operators scrub
 * it against, and MSG91's own id of the template (its flow API sends by that id). flow-config/sms.json holds the
 * default language's ids, flow-config/languages/<code>/sms.json each other language's (a Hindi SMS is a template of
 * its own). The text itself is written once, in messages.json: a DLT template is that text with {#var#} for each
 * placeholder, and an MSG91 template that text with ##name## for each {name}.
 */

/** The message codes the server sends by SMS. A new one is added here, in messages.json and in sms.json. */
export const smsMessageCodes = ['otp.sms'] as const satisfies readonly MessageCode[];
export type SmsMessageCode = (typeof smsMessageCodes)[number];

/** One SMS text's registration. Blank until the broker has registered it (a simulator stands in for the ids). */
export interface SmsTemplateIds {
  dltTemplateId: string;
  msg91TemplateId: string;
}

/** flow-config/sms.json, and each language's sms.json of the same shape. */
export interface SmsConfigFile {
  $schema?: string;
  templates: Record<string, SmsTemplateIds>;
}

/** The ids each SMS vendor sends: DLT's always; MSG91 sends by its own template id instead of the text. */
const neededIds: Readonly<Record<string, readonly (keyof SmsTemplateIds)[]>> = {
  msg91: ['msg91TemplateId', 'dltTemplateId'],
  exotel: ['dltTemplateId'],
};

/**
 * What keeps an SMS from being sent: a code sent by SMS without its entry, an entry for no such code, and, when an SMS
 * vendor is configured, a blank id that vendor needs. `files`: the label of each language's sms.json and its content.
 */
export function smsTemplateProblems(files: readonly { label: string; file: SmsConfigFile }[], smsVendor: string | undefined): string[] {
  const problems: string[] = [];
  for (const { label, file } of files) {
    const templates = file.templates ?? {};
    for (const code of smsMessageCodes) {
      const entry = templates[code];
      if (!entry) {
        problems.push(`${label}: templates."${code}" is missing: every message sent by SMS needs its DLT template`);
        continue;
      }
      for (const id of smsVendor ? (neededIds[smsVendor] ?? ['dltTemplateId']) : []) {
        if (entry[id].trim() === '') problems.push(`${label}: templates."${code}".${id} is blank: SMS_VENDOR=${smsVendor} sends every SMS with its registered template`);
      }
    }
    for (const code of Object.keys(templates)) {
      if (!(smsMessageCodes as readonly string[]).includes(code)) problems.push(`${label}: templates."${code}" is not a message the server sends by SMS (${smsMessageCodes.join(', ')})`);
    }
  }
  return problems;
}

/** A text of messages.json as its DLT template reads: each {placeholder} a {#var#}. */
export function dltTemplateText(text: string): string {
  return text.replace(/\{\w+\}/g, '{#var#}');
}
