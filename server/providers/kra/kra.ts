import type { KraAddressLines } from '../../../core/api/types';
import type { Deadline } from '../call-budget';

/**
 * The KRA (KYC registration agency) check behind POST /user/pan-number: whether the PAN has a KYC record with one of
 * SEBI's KRAs, in one status of ours whatever the KRA's own codes, with the name, date of birth and address the KRA
 * holds. flow.json (the PAN step's `kra`) decides what each status does.
 */

export type KraStatus = 'validated' | 'registered' | 'on_hold' | 'rejected' | 'not_found' | 'unavailable';
export const kraStatuses: readonly KraStatus[] = ['validated', 'registered', 'on_hold', 'rejected', 'not_found', 'unavailable'];

export interface KraQuery {
  /** Ten characters: five letters, four digits, one letter. */
  pan: string;
  /** DD/MM/YYYY, as the applicant typed it. */
  dateOfBirth: string;
}

/** The permanent address a KRA holds (as the API answers it: core/api/types.ts). */
export type KraAddress = KraAddressLines;

export interface KraAnswer {
  status: KraStatus;
  /** The name on the KRA record (absent when it holds none). */
  name?: string;
  /** DD/MM/YYYY, as the KRA holds it (absent when it gave none). */
  dateOfBirth?: string;
  /** The permanent address the KRA holds (a validated or registered record's, when the KRA gave it). */
  address?: KraAddress;
  /** Why the record is on hold or rejected, in the KRA's own words (no personal data). */
  reason?: string;
}

/** Answers are results (not found and on hold included); a KRA that cannot be reached throws ProviderError. */
export interface KraClient {
  readonly name: string;
  lookup(query: KraQuery, deadline: Deadline): Promise<KraAnswer>;
}

/** A lookup's own limit; the request's deadline may cut it shorter (the client gives up at 15 s). */
export const kraTimeoutMs = 10_000;

/** 'ABCPE1234F' → 'AB*******F': for logs and error messages, which never hold a full PAN. */
export function maskPan(pan: string): string {
  if (pan.length < 4) return '*'.repeat(pan.length);
  return `${pan.slice(0, 2)}${'*'.repeat(pan.length - 3)}${pan.slice(-1)}`;
}

/**
 * The KRAs' KYC status codes (CAMS: two digits per KRA; CVL: APP_STATUS, two or three digits) as ours. Under
 * process (01, 11) is not yet a usable record: on hold until the KRA decides. 99 (CAMS), 000 and 888 (CVL): the KRA
 * was not reached. 999 (CVL): not a valid PAN, so no record.
 */
export function statusOfKraCode(code: string): KraStatus | undefined {
  switch (code.trim().padStart(3, '0')) {
    case '007':
      return 'validated';
    case '002':
    case '012':
    case '022':
      return 'registered';
    case '001':
    case '003':
    case '011':
    case '013':
      return 'on_hold';
    case '004':
    case '006':
    case '014':
      return 'rejected';
    case '005':
    case '999':
      return 'not_found';
    case '099':
    case '000':
    case '888':
      return 'unavailable';
    default:
      return undefined;
  }
}

/** Of several KRAs' statuses for one PAN, the record that counts: the most usable one; unreachable only if none answered. */
export function strongestStatus(statuses: readonly KraStatus[]): KraStatus {
  const order: KraStatus[] = ['validated', 'registered', 'on_hold', 'rejected', 'not_found', 'unavailable'];
  const answered: readonly KraStatus[] = statuses.filter((status) => status !== 'unavailable');
  if (answered.length === 0) return 'unavailable';
  return order.find((status) => answered.includes(status)) ?? 'not_found';
}

/** 'DD-MM-YYYY[ HH:MM:SS]', 'DD/MM/YYYY' or 'DD-Mon-YYYY' as DD/MM/YYYY; undefined for anything else. */
export function kraDate(text: string): string | undefined {
  const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
  const match = /^(\d{2})[-/](\d{2}|[A-Za-z]{3})[-/](\d{4})/.exec(text.trim());
  if (!match) return undefined;
  const month = /^\d+$/.test(match[2] ?? '') ? match[2] : String(months.indexOf((match[2] ?? '').toUpperCase()) + 1).padStart(2, '0');
  return month === '00' ? undefined : `${match[1]}/${month}/${match[3]}`;
}
