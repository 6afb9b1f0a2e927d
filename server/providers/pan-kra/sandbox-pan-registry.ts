import { sandboxLatency } from '../call-budget';
import { ProviderError } from '../provider-error';
/** A KRA lookup's own timeout (the client gives up at 15 s). */
export const panRegistryTimeoutMs = 10_000;
import type { PanLookup, PanLookupResult, PanRegistry } from './pan-registry';

export const sandboxPanRegistryName = 'sandbox-pan-kra';

export interface SandboxPanOptions {
  /** Registry latency for every lookup; default 300 ms, 0 in tests. */
  delayMs?: number;
  /** Latency of the slow trigger ('9999'); default 4 s, under the client's 15 s timeout. */
  slowDelayMs?: number;
}

export interface SandboxTrigger {
  /** The PAN's four digits (characters 6 to 9), or the 4th-letter rule. */
  when: string;
  example: string;
  answer: string;
}

/**
 * Sandbox trigger values, checked in this order (documented in the README). Any other well-formed
 * PAN with 'P' as 4th letter is an individual found in the registry: a name derived from the PAN
 * and the date of birth that was sent.
 */
export const sandboxPanTriggers: readonly SandboxTrigger[] = [
  { when: "digits '5000'", example: 'ABCPE5000F', answer: 'registry unavailable: 503 "PAN verification service is unavailable, please try again"' },
  { when: "digits '9999'", example: 'ABCPE9999F', answer: 'slow answer (~4 s), then the usual rules' },
  { when: "digits '0000'", example: 'ABCPE0000F', answer: 'not found: 400 "PAN not found in KRA records"' },
  { when: "4th letter not 'P'", example: 'ABCCE1234F', answer: 'not an individual: 400 "Only individual PAN cards are accepted"' },
  { when: "digits '1111'", example: 'ABCPE1111F', answer: 'date of birth mismatch: 400 "Date of birth does not match PAN records"' },
  { when: 'any other', example: 'ABCPS1234F', answer: 'verified: name "SNEHA SHARMA" (derived from the PAN; surname initial = 5th letter), date of birth as sent' },
];

const firstNames = [
  'AARAV', 'ANANYA', 'ARJUN', 'DIVYA', 'KAVYA', 'MEERA', 'NIKHIL', 'PRIYA',
  'RAHUL', 'RAVI', 'ROHAN', 'SANJAY', 'SNEHA', 'SUNITA', 'VIKRAM', 'ANJALI',
];

/** One surname per initial where a common one exists: a real PAN's 5th letter is the surname's initial. */
const surnames: Record<string, string> = {
  A: 'AGARWAL', B: 'BANERJEE', C: 'CHOPRA', D: 'DESAI', E: 'EAPEN', F: 'FERNANDES', G: 'GUPTA',
  H: 'HEGDE', I: 'IYER', J: 'JOSHI', K: 'KULKARNI', L: 'LAL', M: 'MEHTA', N: 'NAIR', O: 'OBEROI',
  P: 'PATEL', Q: 'QURESHI', R: 'REDDY', S: 'SHARMA', T: 'THAKUR', U: 'UPADHYAY', V: 'VERMA',
  W: 'WADIA', Y: 'YADAV', Z: 'ZAVERI',
};
const fallbackSurnames = ['KUMAR', 'SINGH', 'RAO', 'DAS'];

/** FNV-1a: stable, so one PAN always gets the same name, and well spread over small lists. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return value;
}

/** The name the sandbox registry holds for `pan`, e.g. 'SNEHA SHARMA' for ABCPS1234F (5th letter S). */
export function sandboxPanName(pan: string): string {
  const seed = hash(pan);
  const first = firstNames[seed % firstNames.length] ?? 'RAVI';
  const surname = surnames[pan.charAt(4)] ?? fallbackSurnames[seed % fallbackSurnames.length] ?? 'KUMAR';
  return `${first} ${surname}`;
}

const panPattern = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

/** Behaves like a KRA lookup: latency, a name for each PAN, and failures on the trigger values. */
export function createSandboxPanRegistry(options: SandboxPanOptions = {}): PanRegistry {
  const delayMs = Math.max(0, options.delayMs ?? 300);
  const slowDelayMs = Math.max(0, options.slowDelayMs ?? 4_000);
  return {
    name: sandboxPanRegistryName,
    async lookup({ pan, dateOfBirth }: PanLookup): Promise<PanLookupResult> {
      const digits = pan.slice(5, 9);
      const wait = digits === '9999' ? slowDelayMs : delayMs;
      await sandboxLatency(sandboxPanRegistryName, wait, panRegistryTimeoutMs);
      if (digits === '5000') throw new ProviderError(sandboxPanRegistryName, 'registry unavailable (sandbox trigger)');
      if (!panPattern.test(pan) || digits === '0000') return { kind: 'not_found' };
      if (pan.charAt(3) !== 'P') return { kind: 'not_individual' };
      if (digits === '1111') return { kind: 'dob_mismatch' };
      return { kind: 'verified', pan, name: sandboxPanName(pan), dateOfBirth };
    },
  };
}
