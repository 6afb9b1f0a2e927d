import type { UserDetails } from '../../core/api/types';
import type { MessageCode } from '../../core/engine/message-codes';
import type { StepAnswers } from '../platform/repositories/step-store';
import type { SignDocument } from '../providers/identity/identity';
import { declaredAtKey } from '../steps/declared-at';
import { skipDeclarationField } from '../steps/skip-declaration';

/** The documents an applicant signs with Aadhaar eSign, in signing order. */
export interface EsignDocumentDefinition {
  /** Our key; Digio maps it to a template (DIGIO_ESIGN_TEMPLATES). */
  key: string;
  /** Its name's code in messages.json: as listed on /aadhaar-esign and in 'Esign for {document} successfully!', in the reader's language. */
  name: MessageCode;
  /** Signed only by applicants whose step documents hold this field (a declaration they made); by everyone when unset. */
  onlyWith?: string;
}

export const esignDocuments: readonly EsignDocumentDefinition[] = [
  { key: 'kra_form', name: 'identity.kraForm' },
  { key: 'account_opening_form', name: 'identity.accountOpeningForm' },
  // SEBI (January 2025): a single holder who does not nominate signs the opt-out declaration.
  { key: 'nomination_opt_out', name: 'identity.nominationOptOut', onlyWith: skipDeclarationField },
];

type StepDocuments = Readonly<Record<string, StepAnswers>>;

const holds = (documents: StepDocuments, field: string) => Object.values(documents).some((document) => document[field] !== undefined);

/** The documents this applicant signs, given their stored step documents. */
export function esignDocumentsFor(documents: StepDocuments): EsignDocumentDefinition[] {
  return esignDocuments.filter((definition) => !definition.onlyWith || holds(documents, definition.onlyWith));
}

const snake = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

function declaredText(value: unknown): string {
  if (value && typeof value === 'object' && typeof (value as { text?: unknown }).text === 'string') return (value as { text: string }).text;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Every declaration the applicant made (each step document's x-consent fields and a skip's declaration, with the
 * time under declaredAt), as template values: `fno_risk_acknowledged: true`, `fno_risk_acknowledged_at: <ISO>`.
 */
export function declarationValues(documents: StepDocuments): Record<string, string> {
  const values: Record<string, string> = {};
  for (const document of Object.values(documents)) {
    const times = document[declaredAtKey];
    if (!times || typeof times !== 'object') continue;
    for (const [field, at] of Object.entries(times as Record<string, unknown>)) {
      values[snake(field)] = declaredText(document[field]);
      values[`${snake(field)}_at`] = String(at);
    }
  }
  return values;
}

/** The document with the applicant's details and declarations filled into its template's fields; `name` as the provider shows it. */
export function signDocumentFor(definition: EsignDocumentDefinition, name: string, user: UserDetails, documents: StepDocuments): SignDocument {
  return {
    key: definition.key,
    name,
    values: {
      name: user.name ?? '',
      pan: user.pan ?? '',
      date_of_birth: user.dateOfBirth ?? '',
      email: user.email ?? '',
      mobile: user.phone,
      ...declarationValues(documents),
    },
  };
}
