import type messagesFile from '../../flow-config/messages.json';
import { type FormatValues, format } from './format.ts';

/**
 * Pure: texts by code. Every text the applicant sees outside the step forms (server refusals, toasts, emails, SMS)
 * lives in flow-config/messages.json as `section.key` (its words in other languages in flow-config/languages/);
 * code names it by that code and never by its words, so compliance rewords and translates it there alone. A typo in a code fails the typecheck; check:config
 * refuses a code without a text and a text no code uses.
 */

/** Sections that hold no texts: `links` are addresses, `shownAs` maps codes to codes. */
export const nonTextSections = ['$schema', 'links', 'shownAs', 'brand'] as const;

type TextSections = Omit<typeof messagesFile, (typeof nonTextSections)[number]>;

/** Every text of flow-config/messages.json by its code: pan.notInKra, otp.sms, ... */
export type MessageCode = { [S in keyof TextSections & string]: `${S}.${keyof TextSections[S] & string}` }[keyof TextSections & string];

/** The sections of messages.json as the loader reads them (a config copy may hold other words, never other codes; `brand` holds lists). */
export type TextTable = Record<string, Readonly<Record<string, unknown>> | undefined>;

/** A code's words with its placeholders filled; '[code]' when the table has no such text, so a gap is visible. */
export function messageText(table: TextTable, code: MessageCode, values?: FormatValues): string {
  const dot = code.indexOf('.');
  const template = table[code.slice(0, dot)]?.[code.slice(dot + 1)];
  return typeof template === 'string' ? format(template, values) : `[${code}]`;
}

/** Whether `value` is the code of a text in `table` (ajv `errorMessage`s of the server's route schemas are codes). */
export function isMessageCode(table: TextTable, value: string): value is MessageCode {
  const dot = value.indexOf('.');
  if (dot <= 0 || (nonTextSections as readonly string[]).includes(value.slice(0, dot))) return false;
  return typeof table[value.slice(0, dot)]?.[value.slice(dot + 1)] === 'string';
}

/** Resolves codes against one config's messages. */
export type Say = (code: MessageCode, values?: FormatValues) => string;

export function sayFrom(table: TextTable): Say {
  return (code, values) => messageText(table, code, values);
}
