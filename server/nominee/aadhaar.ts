/**
 * An Aadhaar number is never kept in full (Aadhaar Act, section 29; UIDAI's masked Aadhaar): only its last four
 * digits, in UIDAI's masked form. Pure, shared by the nominee service and the migration that masked stored rows.
 */
export const aadhaarDocumentType = 'aadhar_card';

/**
 * 'XXXXXXXX1234' for a 12-digit number, or for the last four digits a nominee's Aadhaar is now asked as (SEBI, 2025);
 * anything already masked (or not an Aadhaar number) stays as it is.
 */
export function maskedAadhaar(number: string): string {
  const digits = number.replace(/\s+/g, '');
  return /^([0-9]{8})?[0-9]{4}$/.test(digits) ? `XXXXXXXX${digits.slice(-4)}` : number;
}
