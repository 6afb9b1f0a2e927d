import { describe, expect, it } from 'vitest';
import { bankLabel } from '../../widgets/bank-branch/bank-picker';
import { readableAddress } from '../../widgets/bank-branch/readable-address';
import { trimAddress } from '../../widgets/bank-branch/trim-address';

/** Spec section 2: the branch address is trimmed to 34 characters; issue 20: never mid-word, and with an ellipsis. */
describe('the confirm dialog trims a branch address', () => {
  it.each([
    ['short addresses stay whole', 'MG ROAD, BENGALURU', 'MG ROAD, BENGALURU'],
    ['exactly 34 stays whole', 'SANDOZ HOUSE, DR ANNIE BESANT ROAD', 'SANDOZ HOUSE, DR ANNIE BESANT ROAD'],
    [
      'longer ones end at a whole word, with an ellipsis, 34 characters at most',
      'NO 139 GUARDIAN HOUSE INFANTRY ROAD SHIVAJINAGAR BANGALORE 560 001',
      'NO 139 GUARDIAN HOUSE INFANTRY…',
    ],
    ['a comma before the cut goes too', 'HDFC BANK LTD, SANDOZ HOUSE, SHIVSAGAR ESTATE, WORLI', 'HDFC BANK LTD, SANDOZ HOUSE…'],
    ['runs of spaces count once', 'A   B', 'A B'],
    ['one word longer than the limit is cut inside it', 'X'.repeat(40), `${'X'.repeat(33)}…`],
  ])('%s', (_name, address, shown) => {
    expect(trimAddress(address, 34)).toBe(shown);
    expect(trimAddress(address, 34).length).toBeLessThanOrEqual(34);
  });
});

/** Issue 20: a bank the data names by its code alone ('GSSB') is listed as what it is, still reachable. */
describe('the bank picker names banks', () => {
  it.each([
    [{ code: 'HDFC', name: 'HDFC Bank' }, 'HDFC Bank'],
    [{ code: 'GSSB', name: 'GSSB' }, 'Bank with IFSC code GSSB'],
  ])('%j reads %j', (bank, label) => {
    expect(bankLabel(bank, 'Bank with IFSC code {code}')).toBe(label);
  });
});

/** Issue 32: an address the branch data writes run together reads with its parts apart. */
describe('a branch address as people read it', () => {
  const place = { city: 'BANGALORE', district: 'BANGALORE URBAN', state: 'KARNATAKA' };
  it.each([
    ['the city, state and PIN glued together', 'NO.9, ETERNAKORAMANGLA INDUSTRIAL LAYOUTKORAMANGLABANGALOREKARNATAKA560095', 'NO.9, ETERNAKORAMANGLA INDUSTRIAL LAYOUTKORAMANGLA, BANGALORE, KARNATAKA, 560095'],
    ['commas without a space', 'GOLDEN HOUSE,820,8TH BLOCK,KORAMANGLA', 'GOLDEN HOUSE, 820, 8TH BLOCK, KORAMANGLA'],
    ['spaces before commas', 'NO 149 2,KORAMANGALA ,KARNATAKA PIN  560034', 'NO 149 2, KORAMANGALA, KARNATAKA PIN 560034'],
    ['an address written well stays as it is', 'HDFC BANK LTD, SANDOZ HOUSE, WORLI, MUMBAI', 'HDFC BANK LTD, SANDOZ HOUSE, WORLI, MUMBAI'],
  ])('%s', (_name, address, shown) => {
    expect(readableAddress({ address, ...place })).toBe(shown);
  });
});
