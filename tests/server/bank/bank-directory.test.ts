import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bankCodeOf, bankList, isValidIfsc, sortBanks } from '../../../server/bank/bank-directory';
import { branchWords, formatBranchCsv, parseBranchCsv } from '../../../server/bank/branch-records';
import { prefixEnd } from '../../../server/bank/repositories/branch-search';
import { parseCsv } from '../../../server/bank/csv';
import { namesMatch } from '../../../server/bank/name-match';
import { branchFixture, razorpayFixture } from '../bank-fixtures';

describe('CSV reader', () => {
  it.each([
    ['plain', 'a,b\n1,2\n', [['a', 'b'], ['1', '2']]],
    ['quoted comma and doubled quote', 'a,b\n"x, ""y""",2\n', [['a', 'b'], ['x, "y"', '2']]],
    ['a line break inside quotes', 'a,b\n"line 1\nline 2",2\n', [['a', 'b'], ['line 1\nline 2', '2']]],
    ['CRLF and a BOM', '\ufeffa,b\r\n1,2\r\n', [['a', 'b'], ['1', '2']]],
    ['empty fields and no final newline', 'a,b,c\n,,\n1,,3', [['a', 'b', 'c'], ['', '', ''], ['1', '', '3']]],
    ['blank lines skipped', 'a\n\n1\n', [['a'], ['1']]],
  ])('%s', (_name, text, rows) => {
    expect([...parseCsv(text)]).toEqual(rows);
  });
});

describe('branch files', () => {
  it('reads the shared columns, with multi-line addresses collapsed', () => {
    const { records, skipped } = parseBranchCsv(readFileSync(branchFixture, 'utf8'));
    expect(skipped).toBe(0);
    expect(records).toHaveLength(50);
    expect(records[0]?.ifsc).toBe('APBL0001001');
    const baroda = records.find((record) => record.ifsc === 'BARB0ANAKAP');
    expect(baroda?.address).not.toMatch(/\n/);
    expect(records.find((record) => record.ifsc === 'HDFC0000001')).toMatchObject({
      bankCode: 'HDFC',
      bank: 'HDFC Bank',
      branch: 'TULSIANI CHMBRS - NARIMAN PT',
      city: 'MUMBAI',
      district: 'GREATER MUMBAI',
      state: 'MAHARASHTRA',
    });
  });

  it("reads Razorpay's release IFSC.csv (upper-case headers, NA for unknown) and skips rows without an IFSC", () => {
    const { records, skipped } = parseBranchCsv(readFileSync(razorpayFixture, 'utf8'));
    expect(skipped).toBe(1);
    expect(records.map((record) => record.ifsc)).toEqual(['HDFC0000002', 'HDFC0009999', 'PKGB0010500']);
    expect(records[1]).toMatchObject({ branch: 'POWAI HIRANANDANI', city: 'MUMBAI', micr: '', contact: '' });
    expect(records[2]).toMatchObject({ bankCode: 'PKGB', bank: 'Karnataka Gramin Bank' });
  });

  it('takes CITY1, then CITY2, where a file has no CITY column', () => {
    const text = 'BANK,IFSC,BRANCH,ADDRESS,CITY1,CITY2,DISTRICT,STATE\nHDFC Bank,hdfc0000001,NARIMAN,ADDR,,BOMBAY,MUMBAI,MAHARASHTRA\n';
    expect(parseBranchCsv(text).records[0]).toMatchObject({ ifsc: 'HDFC0000001', city: 'BOMBAY', district: 'MUMBAI' });
  });

  it('refuses a file without an IFSC column', () => {
    expect(() => parseBranchCsv('name,city\nx,y\n')).toThrow(/no IFSC column/);
  });

  it('writes what it reads', () => {
    const { records } = parseBranchCsv(readFileSync(branchFixture, 'utf8'));
    expect(parseBranchCsv(formatBranchCsv(records)).records).toEqual(records);
  });

  it('files a sub-member bank under its own code', () => {
    expect(bankCodeOf('APBL0001001')).toBe('TSDX');
    expect(bankCodeOf('HDFC0000001')).toBe('HDFC');
  });

  it.each([
    ['HDFC0CNICBL', 'HDFC'],
    ['YESB0WNSB01', 'YESB'],
  ])('files %s, whose sublet entry names a bank instead of giving a code, under %s', (ifsc, code) => {
    expect(bankCodeOf(ifsc)).toBe(code);
  });

  it('indexes words of name, address and city, without address filler', () => {
    const words = branchWords({ branch: 'TULSIANI CHMBRS - NARIMAN PT', address: 'FREE PRESS JOURNAL MARG, NEAR ROAD', city: 'MUMBAI' });
    expect(words).toEqual(['TULSIANI', 'CHMBRS', 'NARIMAN', 'PT', 'FREE', 'PRESS', 'JOURNAL', 'MARG', 'MUMBAI']);
    expect(branchWords({ branch: '', address: 'CHAMBERSFREEPRESSJOURNAL', city: '' })).toEqual(['CHAMBERSFREE']);
  });
});

describe('banks and IFSC codes from the ifsc package', () => {
  it.each([
    ['HDFC0000001', true],
    ['SBIN0000691', true],
    ['HDFC0000000', false],
    ['HDFC1000001', false],
    ['XXXX0000001', false],
    ['hdfc0000001', false],
  ])('%s valid: %s', (code, valid) => {
    expect(isValidIfsc(code)).toBe(valid);
  });

  it('lists 1,346 banks, plus every directory bank, sorted as localeCompare on lower-cased names', () => {
    const banks = bankList();
    expect(banks).toHaveLength(1346);
    const names = banks.map((bank) => bank.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const directory = [
      { code: 'PKGB', name: 'KARNATAKA GRAMIN BANK (row)' },
      { code: 'USCB', name: 'UTTARAKHAND STATE COOPERATIVE BANK LIMITED' },
      { code: 'GABK', name: '' },
      { code: 'HDFC', name: 'HDFC BANK LTD (row)' },
    ];
    const withDirectory = bankList(directory);
    expect(withDirectory).toHaveLength(1349);
    // The package's name wins, then the rows' name, then the code itself.
    expect(withDirectory.filter((bank) => ['PKGB', 'USCB', 'GABK', 'HDFC'].includes(bank.code))).toEqual([
      { code: 'GABK', name: 'GABK' },
      { code: 'HDFC', name: 'HDFC Bank' },
      { code: 'PKGB', name: 'Karnataka Gramin Bank' },
      { code: 'USCB', name: 'UTTARAKHAND STATE COOPERATIVE BANK LIMITED' },
    ]);
    expect(sortBanks([{ code: 'B', name: 'bank b' }, { code: 'A', name: 'Bank A' }]).map((bank) => bank.code)).toEqual(['A', 'B']);
  });
});

describe('search helpers', () => {
  it.each([
    ['HDFC0', 'HDFC1'],
    ['HDFC9', 'HDFCA'],
    ['SBIZ', 'SBJ'],
    ['ZZ', undefined],
    ['', undefined],
  ])('prefix %s ends before %s', (prefix, end) => {
    expect(prefixEnd(prefix)).toBe(end);
  });
});

describe('account holder name matching', () => {
  it.each([
    ['SNEHA SHARMA', 'SNEHA SHARMA', true],
    ['Sneha  Sharma', 'SNEHA SHARMA', true],
    ['SHARMA SNEHA', 'SNEHA SHARMA', true],
    ['MS. SNEHA SHARMA', 'SNEHA SHARMA', true],
    ['S SHARMA', 'SNEHA SHARMA', true],
    ['SNEHA R SHARMA', 'SNEHA SHARMA', true],
    ['SNEHA RAVI SHARMA', 'SNEHA SHARMA', true],
    ['SNEHASHARMA', 'SNEHA SHARMA', true],
    ['SHARMA', 'SNEHA SHARMA', false],
    ['S R', 'SNEHA RAVI', false],
    ['MOHAN LAL GUPTA', 'SNEHA SHARMA', false],
    ['PRIYA SHARMA', 'SNEHA SHARMA', false],
    ['', 'SNEHA SHARMA', false],
  ])('%s vs %s: %s', (registered, expected, match) => {
    expect(namesMatch(registered, expected)).toBe(match);
  });
});
