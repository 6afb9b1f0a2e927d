import type { UserDetails } from '../../src/api/types';
import type { SignDocument } from '../providers/digio/identity-provider';

/** The documents every applicant signs with Aadhaar eSign, in signing order. */
export interface EsignDocumentDefinition {
  /** Our key; Digio maps it to a template (DIGIO_ESIGN_TEMPLATES). */
  key: string;
  /** As listed on /aadhaar-esign and in 'Esign for {name} successfully!'. */
  name: string;
}

export const esignDocuments: readonly EsignDocumentDefinition[] = [
  { key: 'kra_form', name: 'KRA Form' },
  { key: 'account_opening_form', name: 'Account Opening Form' },
];

/** The document with the applicant's details filled into its template's fields. */
export function signDocumentFor(definition: EsignDocumentDefinition, user: UserDetails): SignDocument {
  return {
    key: definition.key,
    name: definition.name,
    values: {
      name: user.name ?? '',
      pan: user.pan ?? '',
      date_of_birth: user.dateOfBirth ?? '',
      email: user.email ?? '',
      mobile: user.phone,
    },
  };
}
