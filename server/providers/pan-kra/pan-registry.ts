/** The PAN/KRA registry check behind POST /user/pan-number. Sandbox and HTTP implementations. */

export interface PanLookup {
  /** Ten characters: five letters, four digits, one letter. */
  pan: string;
  /** DD/MM/YYYY, as the applicant typed it. */
  dateOfBirth: string;
}

/** What the registry holds for the PAN, when it holds a matching individual. */
export interface PanRecord {
  pan: string;
  /** The name on the PAN, as the registry spells it. */
  name: string;
  /** DD/MM/YYYY. */
  dateOfBirth: string;
}

export type PanLookupResult =
  | ({ kind: 'verified' } & PanRecord)
  /** The PAN exists but the registry has another date of birth for it. */
  | { kind: 'dob_mismatch' }
  /** The PAN belongs to a company, firm, trust, ... (4th letter not 'P'). */
  | { kind: 'not_individual' }
  | { kind: 'not_found' };

export type PanLookupKind = PanLookupResult['kind'];

/** Answers are results; a timeout or an unavailable registry throws ProviderError. */
export interface PanRegistry {
  readonly name: string;
  lookup(query: PanLookup): Promise<PanLookupResult>;
}

/** 'ABCPE1234F' → 'AB*******F': for logs and error messages, which never hold a full PAN. */
export function maskPan(pan: string): string {
  if (pan.length < 4) return '*'.repeat(pan.length);
  return `${pan.slice(0, 2)}${'*'.repeat(pan.length - 3)}${pan.slice(-1)}`;
}
