/**
 * The accounts the penny-drop simulators hold (every vendor's alike), by the account number's last four digits, checked
 * in this order; the README's table is written from this list.
 */

/** The holder the bank names for the name-mismatch trigger: someone else. */
export const otherHolder = 'MOHAN LAL GUPTA';

export type SimulatedAccount =
  /** The bank does not answer: a vendor reports a bank-side failure. */
  | { kind: 'unavailable' }
  | { kind: 'closed' }
  | { kind: 'not_found' }
  /** Open, held by `holder` (undefined: the name the check was asked about, upper-cased, as a bank prints it). */
  | { kind: 'open'; holder?: string };

export const simulatedAccountTriggers = [
  { ending: '5000', account: { kind: 'unavailable' }, example: '123456785000', answer: 'bank unavailable: 503 "Bank verification service is unavailable, please try again"' },
  { ending: '0000', account: { kind: 'closed' }, example: '123456780000', answer: 'closed account: 400 "Bank account is closed or blocked, please link another account"' },
  { ending: '2222', account: { kind: 'not_found' }, example: '123456782222', answer: 'no such account: 400 "Bank account not found, check the account number and IFSC"' },
  {
    ending: '1111',
    account: { kind: 'open', holder: otherHolder },
    example: '123456781111',
    answer: `name mismatch: the bank holds "${otherHolder}"; 400 "Account holder name does not match the name on your PAN"`,
  },
] as const satisfies readonly { ending: string; account: SimulatedAccount; example: string; answer: string }[];

export function simulatedAccount(accountNumber: string): SimulatedAccount {
  return simulatedAccountTriggers.find((trigger) => accountNumber.endsWith(trigger.ending))?.account ?? { kind: 'open' };
}
