// Pure data (no React), read by the config check in Node: the JSON Schema of each screen's `options` in
// flow-config/pages. A screen with an entry here reads those settings from its `options` prop.
import linkBankOptions from './bank/options.schema.json';
import identityCheckOptions from './identity/identity-check.schema.json';
import incomeProofOptions from './income-proof/options.schema.json';
import modificationOptions from './modification/options.schema.json';
import regulatoryTextOptions from './regulation/options.schema.json';
import aadhaarEsignOptions from './identity/aadhaar-esign.schema.json';
import completedOptions from './completed.schema.json';
import emailEntryOptions from './email-entry.schema.json';
import helpRequestOptions from './regulation/help-request.schema.json';
import { linkBankScreen } from './bank/link-bank.screen';
import { identityCheckScreen } from './identity/identity-check.screen';
import { incomeProofScreen } from './income-proof/income-proof.screen';
import { modificationScreen } from './modification/modification.screen';
import { regulatoryTextScreen } from './regulation/regulatory-text.screen';
import { aadhaarEsignScreen } from './identity/aadhaar-esign.screen';
import { completedScreen } from './completed.screen';
import { emailEntryScreen } from './email-entry.screen';
import { helpRequestScreen } from './regulation/help-request.screen';
import type { ScreenDefinition } from './screen-definition';

export type ScreenOptionsSchema = Readonly<Record<string, unknown>>;

/** Screens without an entry take no options: only `{}` (or no `options` at all) passes. */
export const noScreenOptions: ScreenOptionsSchema = { type: 'object', additionalProperties: false, properties: {} };

/**
 * Add an entry when a screen gains settings that config may change (e.g. a list of choices, a limit). A form
 * a screen embeds sits in `options.form` and is checked like a form page's (core/engine/config-check.ts).
 * (Pairs, not computed keys: a bundle that never asks for options drops the whole list.)
 */
const optionsSchemas: readonly (readonly [ScreenDefinition, ScreenOptionsSchema])[] = [
  [modificationScreen, modificationOptions],
  [identityCheckScreen, identityCheckOptions],
  [incomeProofScreen, incomeProofOptions],
  [linkBankScreen, linkBankOptions],
  [regulatoryTextScreen, regulatoryTextOptions],
  [aadhaarEsignScreen, aadhaarEsignOptions],
  [completedScreen, completedOptions],
  [emailEntryScreen, emailEntryOptions],
  [helpRequestScreen, helpRequestOptions],
];

export function screenOptionsSchema(name: string): ScreenOptionsSchema {
  return optionsSchemas.find(([screen]) => screen.name === name)?.[1] ?? noScreenOptions;
}
