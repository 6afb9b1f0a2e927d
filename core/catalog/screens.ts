// The names flow-config/pages may write as "screen", each with the JSON Schema of its "options". Pure data: the
// config check reads it; src/screens/registry.ts binds each name to its component.
import aadhaarEsign from './screen-options/aadhaar-esign.schema.json';
import completed from './screen-options/completed.schema.json';
import emailEntry from './screen-options/email-entry.schema.json';
import helpRequest from './screen-options/help-request.schema.json';
import identityCheck from './screen-options/identity-check.schema.json';
import incomeProof from './screen-options/income-proof.schema.json';
import linkBank from './screen-options/link-bank.schema.json';
import modification from './screen-options/modification.schema.json';
import regulatoryText from './screen-options/regulatory-text.schema.json';
import type { OptionsSchema } from './widgets';

/** A screen that config cannot set anything on: only `{}` (or no `options` at all) passes. */
export const noScreenOptions: OptionsSchema = { type: 'object', additionalProperties: false, properties: {} };

/**
 * Screen name → the JSON Schema of its `options`. Give a screen its own schema when it gains settings config may
 * change (a list of choices, a limit); a form it embeds sits in `options.form` and is checked like a form page's.
 */
export const screenOptions = {
  mobileLogin: noScreenOptions,
  mobileOtp: noScreenOptions,
  emailEntry,
  emailOtp: noScreenOptions,
  resume: noScreenOptions,
  completed,
  refresh: noScreenOptions,
  modification,
  linkBank,
  identityCheck,
  aadhaarEsign,
  incomeProof,
  incomeProofCallback: noScreenOptions,
  notice: noScreenOptions,
  privacy: noScreenOptions,
  kraRecord: noScreenOptions,
  regulatoryText,
  helpRequest,
  familyApplications: noScreenOptions,
} as const satisfies Readonly<Record<string, OptionsSchema>>;

export type ScreenName = keyof typeof screenOptions;

export const screenNames = Object.keys(screenOptions) as ScreenName[];
