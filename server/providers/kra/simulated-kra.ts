import type { KraAddress } from './kra';

/**
 * The KYC records the KRA simulators hold (CAMS and CVL hold the same ones): chosen by the PAN's four digits, as the
 * README's table says, so a tester picks an outcome by the PAN they type. Any other PAN has a registered record in a
 * name derived from the PAN (the same every time) and the date of birth that was asked about.
 */

export type SimulatedOutcome = 'unavailable' | 'slow' | 'not_found' | 'dob_mismatch' | 'on_hold' | 'rejected' | 'validated' | 'registered';

export interface SpecialPan {
  digits: string;
  example: string;
  outcome: SimulatedOutcome;
  /** What the applicant sees, for the README. */
  answer: string;
}

/** Checked in this order; the 4th letter rule (not P: not an individual) applies to any record found. */
export const specialPans: readonly SpecialPan[] = [
  { digits: '5000', example: 'ABCPE5000F', outcome: 'unavailable', answer: 'no KRA reachable (CAMS 99 from every KRA; CVL 888): 503 "PAN verification service is unavailable, please try again"' },
  { digits: '9999', example: 'ABCPE9999F', outcome: 'slow', answer: 'a slow answer (~4 s), then a registered record' },
  { digits: '2222', example: 'ABCPS2222F', outcome: 'registered', answer: 'registered (02): confirmed at once, as any other PAN' },
  { digits: '0000', example: 'ABCPE0000F', outcome: 'not_found', answer: 'no KYC record (05): not_found, as shipped refused: 400 "PAN not found in KRA records"' },
  { digits: '1111', example: 'ABCPE1111F', outcome: 'dob_mismatch', answer: 'a record with another date of birth: 400 "Date of birth does not match PAN records"' },
  { digits: '3333', example: 'ABCPE3333F', outcome: 'on_hold', answer: 'on hold (03), reason "Address proof not clear": 400 with the reason and what to do' },
  { digits: '4444', example: 'ABCPE4444F', outcome: 'rejected', answer: 'rejected (04), reason "Signature mismatch": the fresh-KYC way (DigiLocker)' },
  { digits: '7777', example: 'ABCPS7777F', outcome: 'validated', answer: 'KRA validated (07): name, date of birth and address to confirm on /confirm-pan' },
];

/** The special PANs as a markdown sentence and table, for the README (scripts/providers-readme.ts). */
export const specialPansTable = [
  'The PAN chooses the answer (its four digits; a 4th letter other than P is a firm: "Only individual PAN cards are accepted"); any other PAN has a registered record in a name derived from it and the date of birth typed:',
  '',
  '| PAN digits | example | answer |',
  '|---|---|---|',
  ...specialPans.map((special) => `| \`${special.digits}\` | \`${special.example}\` | ${special.answer} |`),
].join('\n');

export function outcomeOf(pan: string): SimulatedOutcome {
  return specialPans.find((special) => special.digits === pan.slice(5, 9))?.outcome ?? 'registered';
}

/** The reasons the KRA gives (APP_HOLD_DEACTIVE_RMKS). */
export const holdReasons: Partial<Record<SimulatedOutcome, string>> = { on_hold: 'Address proof not clear', rejected: 'Signature mismatch' };

const firstNames = ['AARAV', 'ANANYA', 'ARJUN', 'DIVYA', 'KAVYA', 'MEERA', 'NIKHIL', 'PRIYA', 'RAHUL', 'RAVI', 'ROHAN', 'SANJAY', 'SNEHA', 'SUNITA', 'VIKRAM', 'ANJALI'];

/** One surname per initial where a common one exists: a real PAN's 5th letter is the surname's initial. */
const surnames: Record<string, string> = {
  A: 'AGARWAL', B: 'BANERJEE', C: 'CHOPRA', D: 'DESAI', E: 'EAPEN', F: 'FERNANDES', G: 'GUPTA', H: 'HEGDE', I: 'IYER', J: 'JOSHI',
  K: 'KULKARNI', L: 'LAL', M: 'MEHTA', N: 'NAIR', O: 'OBEROI', P: 'PATEL', Q: 'QURESHI', R: 'REDDY', S: 'SHARMA', T: 'THAKUR',
  U: 'UPADHYAY', V: 'VERMA', W: 'WADIA', Y: 'YADAV', Z: 'ZAVERI',
};
const fallbackSurnames = ['KUMAR', 'SINGH', 'RAO', 'DAS'];

/** FNV-1a: stable, so one PAN always gets the same name, and well spread over small lists. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return value;
}

/** The name on the record of `pan`, e.g. 'SNEHA SHARMA' for ABCPS1234F (5th letter S); a firm's for a non-individual. */
export function simulatedName(pan: string): string {
  const seed = hash(pan);
  const surname = surnames[pan.charAt(4)] ?? fallbackSurnames[seed % fallbackSurnames.length] ?? 'KUMAR';
  if (pan.charAt(3) !== 'P') return `${surname} ENTERPRISES`;
  return `${firstNames[seed % firstNames.length] ?? 'RAVI'} ${surname}`;
}

const streets = ['MG ROAD', 'STATION ROAD', 'NEHRU NAGAR', 'GANDHI MARG', 'LAKE VIEW ROAD'];
const places: readonly Omit<KraAddress, 'line1' | 'line2' | 'line3'>[] = [
  { city: 'MUMBAI', pincode: '400076', state: 'MAHARASHTRA', country: 'INDIA' },
  { city: 'BENGALURU', pincode: '560034', state: 'KARNATAKA', country: 'INDIA' },
  { city: 'NEW DELHI', pincode: '110017', state: 'DELHI', country: 'INDIA' },
  { city: 'CHENNAI', pincode: '600020', state: 'TAMIL NADU', country: 'INDIA' },
];

/** The permanent address on the record of `pan` (the same every time). */
export function simulatedAddress(pan: string): KraAddress {
  const seed = hash(`address:${pan}`);
  const place = places[seed % places.length] ?? places[0];
  return {
    line1: `FLAT ${(seed % 90) + 10}, SHANTI APARTMENTS`,
    line2: streets[seed % streets.length] ?? 'MG ROAD',
    line3: '',
    city: place?.city ?? '',
    pincode: place?.pincode ?? '',
    state: place?.state ?? '',
    country: place?.country ?? '',
  };
}

/** The date of birth on the record: the one asked about, or (the DOB-mismatch PAN) another. DD/MM/YYYY. */
export function simulatedBirthDate(pan: string, asked: string): string {
  return outcomeOf(pan) === 'dob_mismatch' ? '01/01/1970' : asked;
}
