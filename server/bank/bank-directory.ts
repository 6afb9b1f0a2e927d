import { createRequire } from 'node:module';

/** Banks and valid IFSC codes from the `ifsc` package (Razorpay, MIT). Read as data: its index needs `request`. */
const require = createRequire(import.meta.url);
const bankNames = require('ifsc/src/banknames.json') as Record<string, string>;
const bankEntries = require('ifsc/src/banks.json') as Record<string, unknown>;
const validCodes = require('ifsc/src/IFSC.json') as Record<string, (string | number)[]>;
/** IFSC (or IFSC prefix) → code of the sub-member bank that uses another bank's IFSC range. */
const sublets = require('ifsc/src/sublet.json') as Record<string, string>;
const customSublets = require('ifsc/src/custom-sublets.json') as Record<string, string>;

export interface Bank {
  code: string;
  name: string;
}

export const ifscPattern = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const bankCodePattern = /^[A-Z]{4}$/;

/** Custom sublet prefix lengths, longest first: a handful of map lookups per IFSC instead of a scan. */
const subletPrefixLengths = [...new Set(Object.keys(customSublets).map((prefix) => prefix.length))].sort((a, b) => b - a);
const numericBranch = /^[0-9]+$/;
let codeSets: Map<string, Set<string>> | undefined;

/** The package keeps numeric branch codes as numbers (leading zeros dropped): compare in that form. */
function branchKey(branch: string): string {
  return numericBranch.test(branch) ? String(Number.parseInt(branch, 10)) : branch;
}

/** Whether the `ifsc` package lists `code` as a valid IFSC (the same rule as its validate()). */
export function isValidIfsc(code: string): boolean {
  if (!ifscPattern.test(code)) return false;
  codeSets ??= new Map(Object.entries(validCodes).map(([bank, list]) => [bank, new Set(list.map((item) => branchKey(String(item))))]));
  return codeSets.get(code.slice(0, 4))?.has(branchKey(code.slice(5))) ?? false;
}

/**
 * The bank an IFSC belongs to: a sub-member bank's own code where it uses another bank's range.
 * Some sublet entries (36 in custom-sublets.json) give a bank's name instead of a code: those IFSCs
 * stay under the bank whose range they use, where branch search can reach them.
 */
export function bankCodeOf(ifsc: string): string {
  const own = ifsc.slice(0, 4);
  const sublet = sublets[ifsc];
  if (sublet) return bankCodePattern.test(sublet) ? sublet : own;
  for (const length of subletPrefixLengths) {
    const code = customSublets[ifsc.slice(0, length)];
    if (code) return bankCodePattern.test(code) ? code : own;
  }
  return own;
}

export function bankName(code: string): string | undefined {
  return Object.hasOwn(bankNames, code) ? bankNames[code] : undefined;
}

/** As the spec asks: by name, case-insensitively, as localeCompare orders lower-cased names. */
export function sortBanks(banks: Bank[]): Bank[] {
  return banks.sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
}

/**
 * Every bank the package lists (banks.json, 1,346), plus every bank the branch directory holds:
 * `directoryBanks` are its codes, each with a name from its branch rows ('' when they have none).
 * The package's name wins; a code nobody names is listed under the code itself.
 */
export function bankList(directoryBanks: Iterable<Bank> = []): Bank[] {
  const banks = new Map<string, string>();
  for (const code of Object.keys(bankEntries)) banks.set(code, bankName(code) ?? '');
  for (const { code, name } of directoryBanks) if (!banks.get(code)) banks.set(code, bankName(code) ?? name);
  return sortBanks([...banks].flatMap(([code, name]) => {
    const text = name.trim();
    if (text) return [{ code, name: text }];
    return bankCodePattern.test(code) ? [{ code, name: code }] : [];
  }));
}
