import type { UserDetails } from '../../core/api/types';
import type { MessageCode } from '../../core/engine/message-codes';
import type { StepAnswers } from '../platform/repositories/step-store';
import type { SignDocument } from '../providers/identity/identity';
import { declaredAtKey } from '../steps/declared-at';
import { skipDeclarationField } from '../steps/skip-declaration';
import { optOutVerifiedField } from '../regulation/opt-out-method';

/** The documents an applicant signs with Aadhaar eSign, in signing order. */
export interface EsignDocumentDefinition {
  /** Our key; Digio maps it to a template (DIGIO_ESIGN_TEMPLATES). */
  key: string;
  /** Its name's code in messages.json: as listed on /aadhaar-esign and in 'Esign for {document} successfully!', in the reader's language. */
  name: MessageCode;
  /** Signed only by applicants whose stored step answers hold this field (a declaration they made); by everyone when unset. */
  onlyWith?: string;
  /** Not signed when a step's stored answers hold this field with this value (an opt-out already verified by OTP). */
  unlessWith?: { field: string; value: string };
  /** The account opening kit: also prints what the applicant acknowledged (the MITC, in their words, with its version and hash). */
  kit?: boolean;
}

export const esignDocuments: readonly EsignDocumentDefinition[] = [
  { key: 'kra_form', name: 'identity.kraForm' },
  { key: 'account_opening_form', name: 'identity.accountOpeningForm', kit: true },
  // SEBI (January 2025): a single holder who does not nominate signs the opt-out declaration.
  { key: 'nomination_opt_out', name: 'identity.nominationOptOut', onlyWith: skipDeclarationField, unlessWith: { field: optOutVerifiedField, value: 'otp' } },
];

/** Every step's stored answers of one applicant, by step id. */
type AnswersByStep = Readonly<Record<string, StepAnswers>>;

const holds = (answers: AnswersByStep, field: string) => Object.values(answers).some((step) => step[field] !== undefined);

/** The documents this applicant signs, given their stored step answers. */
export function esignDocumentsFor(answers: AnswersByStep): EsignDocumentDefinition[] {
  const holdsValue = ({ field, value }: { field: string; value: string }) => Object.values(answers).some((step) => step[field] === value);
  return esignDocuments.filter((definition) => (!definition.onlyWith || holds(answers, definition.onlyWith)) && !(definition.unlessWith && holdsValue(definition.unlessWith)));
}

const snake = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

function declaredText(value: unknown): string {
  if (value && typeof value === 'object' && typeof (value as { text?: unknown }).text === 'string') return (value as { text: string }).text;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** One declaration the eSigned forms carry: the step and field it was made in, what was declared, and when. */
export interface DeclarationOnForm {
  step: string;
  field: string;
  value: unknown;
  at: unknown;
}

/**
 * Every declaration the applicant made (each step's x-consent fields and a skip's declaration, with the time under
 * declaredAt): what the forms carry, and what 'Preview what you sign' lists.
 */
export function declarationsOnForm(answers: AnswersByStep): DeclarationOnForm[] {
  return Object.entries(answers).flatMap(([step, stored]) => {
    const times = stored[declaredAtKey];
    if (!times || typeof times !== 'object') return [];
    return Object.entries(times as Record<string, unknown>).map(([field, at]) => ({ step, field, value: stored[field], at }));
  });
}

/** The declarations as template values: `fno_risk_acknowledged: true`, `fno_risk_acknowledged_at: <ISO>`. */
export function declarationValues(answers: AnswersByStep): Record<string, string> {
  const values: Record<string, string> = {};
  for (const { field, value, at } of declarationsOnForm(answers)) {
    values[snake(field)] = declaredText(value);
    values[`${snake(field)}_at`] = String(at);
  }
  return values;
}

/** The document with the applicant's details and declarations filled into its template's fields; `name` as the provider shows it. */
export function signDocumentFor(
  definition: EsignDocumentDefinition,
  name: string,
  user: UserDetails,
  answers: AnswersByStep,
  acknowledged: Readonly<Record<string, string>> = {},
): SignDocument {
  return {
    key: definition.key,
    name,
    values: {
      name: user.name ?? '',
      pan: user.pan ?? '',
      date_of_birth: user.dateOfBirth ?? '',
      email: user.email ?? '',
      mobile: user.phone,
      ...declarationValues(answers),
      ...(definition.kit ? acknowledged : {}),
    },
  };
}
