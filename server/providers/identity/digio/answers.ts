import { fieldsOf, textOf } from '../../http';
import type { IdentityDetails, IdentityOutcome } from '../identity';

/** Pure readings of Digio's answers (client.ts calls them; the contract tests check them against the fixtures). */

const actionsOf = (answer: Record<string, unknown>) => (Array.isArray(answer.actions) ? answer.actions.map(fieldsOf) : []);

/**
 * A KYC request's status words as Digio's documentation and integrations list them (shared/vendors/digio-kyc.md §4,
 * §7, §8): `approval_pending` is finished by the applicant and held for our approval (the client approves it first).
 */
export const kycStatuses = {
  requested: { state: 'pending' },
  approval_pending: { state: 'approval' },
  approved: { state: 'approved' },
  completed: { state: 'approved' },
  rejected: { state: 'failed', reason: 'rejected' },
  expired: { state: 'failed', reason: 'expired' },
  terminated: { state: 'failed', reason: 'failed' },
} as const satisfies Record<string, { state: 'pending' | 'approval' | 'approved' } | { state: 'failed'; reason: 'rejected' | 'expired' | 'failed' }>;

export type KycStatusMeaning = (typeof kycStatuses)[keyof typeof kycStatuses];

/** The status word of a KYC answer, lower case ('' when it has none). */
export const kycStatusOf = (answer: Record<string, unknown>): string => textOf(answer.status).toLowerCase();

/** What a status word means; a word the documentation does not list is a failed request that names it (see identity.ts). */
export function kycMeaning(word: string): KycStatusMeaning | { state: 'failed'; reason: 'failed'; unknownStatus: string } {
  return Object.hasOwn(kycStatuses, word) ? kycStatuses[word as keyof typeof kycStatuses] : { state: 'failed', reason: 'failed', unknownStatus: word || '(none)' };
}

/** What we keep of a finished KYC: each action's type and status, and Aadhaar's name, birth date, gender and last four digits. */
export function kycDetails(answer: Record<string, unknown>): IdentityDetails {
  const actions = actionsOf(answer);
  const details: IdentityDetails = { actions: actions.map((action) => ({ type: textOf(action.type) || 'unknown', status: textOf(action.status) || 'unknown' })) };
  const aadhaar = actions.map((action) => fieldsOf(fieldsOf(action.details).aadhaar)).find((item) => Object.keys(item).length > 0);
  if (aadhaar) {
    const digits = textOf(aadhaar.id_number).replace(/[^0-9]/g, '');
    const kept = { name: textOf(aadhaar.name), dob: textOf(aadhaar.dob), gender: textOf(aadhaar.gender), lastFour: digits.length >= 4 ? digits.slice(-4) : '' };
    details.aadhaar = Object.fromEntries(Object.entries(kept).filter(([, value]) => value !== ''));
  }
  return details;
}

/** The file id of the selfie action's photo (actions[type=selfie].file_id, digio-kyc.md §4-5), if the answer names one. */
export function selfieFileId(answer: Record<string, unknown>): string | undefined {
  const selfie = actionsOf(answer).find((action) => textOf(action.type).toLowerCase() === 'selfie' && textOf(action.file_id));
  return selfie ? textOf(selfie.file_id) : undefined;
}

/** Party status words that end a signature without one (digio-esign.md §4). */
const failedParty = new Set(['rejected', 'failed']);

/**
 * A document's status (`GET /v2/client/document/{id}`, digio-esign.md §4): signed once `completed`, or once every party
 * has signed; expired; failed when a party rejected or failed. A status word the documentation does not list fails
 * the request (naming the word) unless every party has signed.
 */
export function signingOutcome(answer: Record<string, unknown>): IdentityOutcome {
  const parties = Array.isArray(answer.signing_parties) ? answer.signing_parties.map(fieldsOf) : [];
  const partyStatuses = parties.map((party) => textOf(party.status).toLowerCase());
  const signed = { state: 'approved', details: { signers: parties.length } } as const;
  const allSigned = parties.length > 0 && partyStatuses.every((status) => status === 'signed');
  const word = textOf(answer.agreement_status).toLowerCase();
  if (word === 'completed' || allSigned) return signed;
  if (word === 'expired' || partyStatuses.includes('expired')) return { state: 'failed', reason: 'expired' };
  if (partyStatuses.some((status) => failedParty.has(status))) return { state: 'failed', reason: 'rejected' };
  if (word === 'requested') return { state: 'pending' };
  return { state: 'failed', reason: 'failed', unknownStatus: word || '(none)' };
}
