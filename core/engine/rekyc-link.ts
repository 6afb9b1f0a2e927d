/**
 * Pure: the re-KYC link the back office emails, `/?context=income_declaration&data=<base64 of 'phone:id'>`
 * (spec sections 4 'Start-up' and 5 'Re-KYC'). Shared by the server (building and checking it) and the client
 * (start-up decodes it). No Buffer: btoa/atob exist in browsers and in Node.
 */

export const rekycContext = 'income_declaration';

export interface RekycTarget {
  /** Ten digits. */
  phone: string;
  /** The applicant's id. */
  id: string;
}

/** A `data` value that cannot be a re-KYC link; the message says why, for the applicant and the logs alike. */
export class RekycLinkError extends Error {
  constructor(readonly reason: string) {
    super(`re-KYC link is not valid: ${reason}`);
    this.name = 'RekycLinkError';
  }
}

const maxDataLength = 200;
const phonePattern = /^[0-9]{10}$/;
const idPattern = /^[A-Za-z0-9_-]{1,64}$/;

export function encodeRekycData(phone: string, id: string): string {
  if (!phonePattern.test(phone)) throw new RekycLinkError('the phone number is not 10 digits');
  if (!idPattern.test(id)) throw new RekycLinkError('the id is not valid');
  return btoa(`${phone}:${id}`);
}

/** The path and query of the link, relative to the app's public address. */
export function rekycLinkPath(data: string): string {
  return `/?context=${rekycContext}&data=${encodeURIComponent(data)}`;
}

function decodeBase64(data: string): string {
  // Also the URL-safe alphabet, and without padding: links get rewritten by mail clients.
  const standard = data.replaceAll('-', '+').replaceAll('_', '/');
  const padded = standard.padEnd(Math.ceil(standard.length / 4) * 4, '=');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(padded)) throw new RekycLinkError('it is not base64');
  try {
    return atob(padded);
  } catch {
    throw new RekycLinkError('it is not base64');
  }
}

/**
 * `data` → { phone, id }. The decoded text must be 'ten-digit-phone:id'; anything else (not base64, no colon,
 * a first part that is not 10 digits, an empty or odd id) is a RekycLinkError with a clear reason.
 */
export function decodeRekycData(data: string): RekycTarget {
  const value = data.trim();
  if (value === '') throw new RekycLinkError('it is empty');
  if (value.length > maxDataLength) throw new RekycLinkError('it is too long');
  const text = decodeBase64(value);
  const colon = text.indexOf(':');
  if (colon < 0) throw new RekycLinkError("it is not 'phone:id'");
  const phone = text.slice(0, colon);
  const id = text.slice(colon + 1);
  if (!phonePattern.test(phone)) throw new RekycLinkError('the phone number is not 10 digits');
  if (!idPattern.test(id)) throw new RekycLinkError('the id is not valid');
  return { phone, id };
}
