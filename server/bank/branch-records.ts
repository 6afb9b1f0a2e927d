import { bankCodeOf, bankName, ifscPattern } from './bank-directory';
import { csvField, parseCsv } from './csv';

/** One branch as the directory stores it; empty string = not known. */
export interface BranchRecord {
  ifsc: string;
  /** The bank the branch belongs to (a sub-member bank's own code where it uses another bank's IFSC range). */
  bankCode: string;
  bank: string;
  branch: string;
  address: string;
  city: string;
  district: string;
  state: string;
  micr: string;
  contact: string;
}

type Field = Exclude<keyof BranchRecord, 'bankCode'>;

/** The shared CSV's columns, in its order; the snapshot uses the same. */
export const branchCsvColumns: readonly Field[] = ['ifsc', 'bank', 'branch', 'address', 'city', 'district', 'state', 'micr', 'contact'];

/**
 * Header names per field, first found wins: our lower-case columns, and Razorpay's release IFSC.csv
 * (BANK, IFSC, BRANCH, ADDRESS, CITY or CITY1/CITY2, CENTRE, DISTRICT, STATE, MICR, CONTACT).
 */
const headerNames: Record<Field, readonly string[]> = {
  ifsc: ['IFSC'],
  bank: ['BANK'],
  branch: ['BRANCH'],
  address: ['ADDRESS'],
  city: ['CITY', 'CITY1', 'CENTRE', 'CITY2'],
  district: ['DISTRICT'],
  state: ['STATE'],
  micr: ['MICR', 'MICR CODE'],
  contact: ['CONTACT'],
};

export class BranchFileError extends Error {}

/** Trimmed, whitespace collapsed; the sources write unknown values as NA or null. */
const untidySpace = /\s{2,}|[\t\r\n\f\v]/;

function clean(value: string | undefined): string {
  if (!value) return '';
  let text = value.trim();
  if (untidySpace.test(text)) text = text.replace(/\s+/g, ' ');
  return text === 'NA' || text === 'null' || text === 'NULL' ? '' : text;
}

export interface ParsedBranches {
  records: BranchRecord[];
  /** Rows without a well-formed IFSC, skipped. */
  skipped: number;
}

/** Reads either header style; a later row for the same IFSC replaces an earlier one. Sorted by IFSC. */
export function parseBranchCsv(text: string): ParsedBranches {
  const rows = parseCsv(text);
  const header = rows.next();
  if (header.done) throw new BranchFileError('the file is empty');
  const names = header.value.map((name) => name.trim().toUpperCase());
  // Per field (in branchCsvColumns order), the column indexes to try, first non-empty wins.
  const columns = branchCsvColumns.map((field) => headerNames[field].map((name) => names.indexOf(name)).filter((index) => index >= 0));
  if (columns[0]?.length === 0) throw new BranchFileError(`no IFSC column (header: ${names.slice(0, 12).join(', ')})`);
  const value = (row: string[], field: number): string => {
    for (const index of columns[field] ?? []) {
      const text = clean(row[index]);
      if (text) return text;
    }
    return '';
  };
  const byIfsc = new Map<string, BranchRecord>();
  let skipped = 0;
  let sorted = true;
  let previous = '';
  for (const row of rows) {
    const ifsc = value(row, 0).toUpperCase();
    if (!ifscPattern.test(ifsc)) {
      skipped += 1;
      continue;
    }
    if (ifsc <= previous) sorted = false;
    previous = ifsc;
    const bankCode = bankCodeOf(ifsc);
    byIfsc.set(ifsc, {
      ifsc,
      bankCode,
      bank: value(row, 1) || (bankName(bankCode) ?? ''),
      branch: value(row, 2),
      address: value(row, 3),
      city: value(row, 4),
      district: value(row, 5),
      state: value(row, 6),
      micr: value(row, 7),
      contact: value(row, 8),
    });
  }
  const records = [...byIfsc.values()];
  // The snapshot and the shared file are sorted already; other files are sorted here.
  if (!sorted) records.sort((a, b) => (a.ifsc < b.ifsc ? -1 : a.ifsc > b.ifsc ? 1 : 0));
  return { records, skipped };
}

/** The snapshot's CSV text: our columns, sorted by IFSC, LF line ends. */
export function formatBranchCsv(records: readonly BranchRecord[]): string {
  const lines = [branchCsvColumns.join(',')];
  for (const record of records) lines.push(branchCsvColumns.map((field) => csvField(record[field])).join(','));
  return `${lines.join('\n')}\n`;
}

/** The longest branch search text (spec: IFSC search max 12 characters). */
export const maxBranchQueryLength = 12;

/**
 * Address filler that tells no branch from another (a third of all index entries): not indexed, and
 * ignored in a query, so 'MG ROAD' searches for MG.
 */
export const stopWords: ReadonlySet<string> = new Set([
  'AND', 'AT', 'BANK', 'BLDG', 'BRANCH', 'BUILDING', 'CO', 'DIST', 'DISTRICT', 'DISTT', 'DT', 'FLOOR', 'FLR', 'GROUND',
  'LIMITED', 'LTD', 'NEAR', 'NO', 'OF', 'OFFICE', 'OPP', 'PIN', 'PLOT', 'PO', 'POST', 'ROAD', 'SHOP', 'THE', 'TO',
]);

const wordPattern = /[A-Z0-9]+/g;

/** Search words of a text: upper-cased runs of letters and digits, two or more, cut to the longest query, stop words left out. */
export function searchWords(text: string): string[] {
  const words = new Set<string>();
  for (const [word] of text.toUpperCase().matchAll(wordPattern)) {
    if (word.length >= 2 && !stopWords.has(word)) words.add(word.slice(0, maxBranchQueryLength));
  }
  return [...words];
}

/** Index words of a branch: its name, address and city (a prefix of a longer word still matches its first 12 characters). */
export function branchWords(record: Pick<BranchRecord, 'branch' | 'address' | 'city'>): string[] {
  return searchWords(`${record.branch} ${record.address} ${record.city}`);
}
