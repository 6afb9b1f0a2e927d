import { randomBytes } from 'node:crypto';
import { sandboxLatency } from '../call-budget';
import { ProviderError } from '../provider-error';
import { pennyDropTimeoutMs } from './http-penny-drop';
import type { PennyDrop, PennyDropRequest, PennyDropResult } from './penny-drop';

export const sandboxPennyDropName = 'sandbox-penny-drop';

/** The name the sandbox bank holds for the name-mismatch trigger: someone else. */
export const sandboxOtherHolder = 'MOHAN LAL GUPTA';

export interface SandboxPennyDropOptions {
  /** Bank latency; default 500 ms, 0 in tests. */
  delayMs?: number;
}

/** Trigger account numbers by their last four digits (documented in the README), checked in this order. */
export const sandboxPennyDropTriggers = [
  { when: "ends in '5000'", example: '123456785000', answer: 'bank unavailable: 503 "Bank verification service is unavailable, please try again"' },
  { when: "ends in '0000'", example: '123456780000', answer: 'closed account: 400 "Bank account is closed or blocked, please link another account"' },
  { when: "ends in '2222'", example: '123456782222', answer: 'no such account: 400 "Bank account not found, check the account number and IFSC"' },
  { when: "ends in '1111'", example: '123456781111', answer: `name mismatch: the bank holds "${sandboxOtherHolder}"; 400 "Account holder name does not match the name on your PAN"` },
  { when: 'any other', example: '123456789012', answer: 'verified: the account is in the applicant\'s PAN name; "Bank Details Saved!"' },
] as const;

/** Behaves like Cashfree/Setu/Decentro bank account verification: latency, the holder's name, and failures on triggers. */
export function createSandboxPennyDrop(options: SandboxPennyDropOptions = {}): PennyDrop {
  const delayMs = Math.max(0, options.delayMs ?? 500);
  return {
    name: sandboxPennyDropName,
    async verify({ accountNumber, expectedName }: PennyDropRequest): Promise<PennyDropResult> {
      await sandboxLatency(sandboxPennyDropName, delayMs, pennyDropTimeoutMs);
      const last = accountNumber.slice(-4);
      if (last === '5000') throw new ProviderError(sandboxPennyDropName, 'bank unavailable (sandbox trigger)');
      if (last === '0000') return { kind: 'account_closed' };
      if (last === '2222') return { kind: 'account_invalid' };
      // Random, like a bank's reference: a per-process counter would repeat across instances of the app.
      const providerReference = `SBX${randomBytes(8).toString('hex').toUpperCase()}`;
      const registeredName = last === '1111' ? sandboxOtherHolder : expectedName.toUpperCase();
      return { kind: 'verified', registeredName, providerReference };
    },
  };
}
