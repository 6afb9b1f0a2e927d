import { record, text } from '../http-call';
import type { IdentityDetails, IdentityOutcome } from './identity-provider';

/** Pure mapping of Digio's answers onto outcomes. Undefined for a status word we do not know. */

/** A KYC request's status (`/client/kyc/v2/{id}/response`). approval_pending: done by the applicant, awaiting our approval. */
export function workflowOutcome(answer: Record<string, unknown>): IdentityOutcome | undefined {
  switch (text(answer.status)?.toLowerCase()) {
    case 'requested':
    case 'pending':
      return { state: 'pending' };
    case 'approval_pending':
    case 'approved':
    case 'completed':
      return { state: 'approved', details: {} };
    case 'rejected':
      return { state: 'failed', reason: 'rejected' };
    case 'expired':
      return { state: 'failed', reason: 'expired' };
    case 'failed':
      return { state: 'failed', reason: 'failed' };
    default:
      return undefined;
  }
}

/** What we keep of a finished KYC: each action's type and status, and Aadhaar's name, birth date, gender and last four digits. */
export function kycDetails(answer: Record<string, unknown>): IdentityDetails {
  const actions = Array.isArray(answer.actions) ? answer.actions.map(record) : [];
  const details: IdentityDetails = {
    actions: actions.map((action) => ({ type: text(action.type) ?? 'unknown', status: text(action.status) ?? 'unknown' })),
  };
  const aadhaar = actions.map((action) => record(record(action.details).aadhaar)).find((item) => Object.keys(item).length > 0);
  if (aadhaar) {
    const digits = (text(aadhaar.id_number) ?? '').replace(/[^0-9]/g, '');
    details.aadhaar = {
      ...(text(aadhaar.name) ? { name: text(aadhaar.name) } : {}),
      ...(text(aadhaar.dob) ? { dob: text(aadhaar.dob) } : {}),
      ...(text(aadhaar.gender) ? { gender: text(aadhaar.gender) } : {}),
      ...(digits.length >= 4 ? { lastFour: digits.slice(-4) } : {}),
    };
  }
  return details;
}

/** A document's status (`/v2/client/document/{id}`): completed once every signer has signed. */
export function signingOutcome(answer: Record<string, unknown>): IdentityOutcome | undefined {
  const parties = Array.isArray(answer.signing_parties) ? answer.signing_parties.map(record) : [];
  const allSigned = parties.length > 0 && parties.every((party) => text(party.status)?.toLowerCase() === 'signed');
  switch (text(answer.agreement_status)?.toLowerCase()) {
    case 'completed':
      return { state: 'approved', details: { signers: parties.length } };
    case 'requested':
    case 'pending':
      return allSigned ? { state: 'approved', details: { signers: parties.length } } : { state: 'pending' };
    case 'expired':
      return { state: 'failed', reason: 'expired' };
    case 'failed':
    case 'cancelled':
    case 'rejected':
      return { state: 'failed', reason: 'rejected' };
    default:
      return undefined;
  }
}

/** The file id of an approved selfie action's photo in a KYC response, if it names one. */
export function selfieFileId(answer: Record<string, unknown>): string | undefined {
  const actions = Array.isArray(answer.actions) ? answer.actions.map(record) : [];
  const selfie = actions.find((action) => text(action.type)?.toLowerCase() === 'selfie' && text(action.file_id));
  return selfie ? text(selfie.file_id) : undefined;
}
