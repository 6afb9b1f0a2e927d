import { sandboxLatency } from '../call-budget';
import { type ReversePennyDrop, type RpdCollect, type RpdStart, rpdTimeoutMs, upiIntentLink } from './upi-rpd';

export const sandboxRpdName = 'sandbox-upi-rpd';
/** A collect address on a handle no real app resolves: scanning the sandbox QR moves no money. */
export const sandboxPayeeVpa = 'onboard.verify@sandbox';
export const sandboxPayeeName = 'Onboard Account Verification';

export interface SandboxRpdOptions {
  /** Service latency; default 300 ms, 0 in tests. */
  delayMs?: number;
}

/** Behaves like Setu/Cashfree reverse penny drop: a collect request and its intent link; payments come through the dev route. */
export function createSandboxRpd(options: SandboxRpdOptions = {}): ReversePennyDrop {
  const delayMs = Math.max(0, options.delayMs ?? 300);
  return {
    name: sandboxRpdName,
    async start({ reference, amount, note }: RpdStart): Promise<RpdCollect> {
      await sandboxLatency(sandboxRpdName, delayMs, rpdTimeoutMs);
      const intentLink = upiIntentLink({ pa: sandboxPayeeVpa, pn: sandboxPayeeName, am: amount, tr: reference, tn: note });
      return { payeeVpa: sandboxPayeeVpa, payeeName: sandboxPayeeName, intentLink };
    },
  };
}
