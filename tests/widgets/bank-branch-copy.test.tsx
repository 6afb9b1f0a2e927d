import { describe, expect, it } from 'vitest';
import { bankLabel } from '../../widgets/bank-branch/bank-picker';
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
