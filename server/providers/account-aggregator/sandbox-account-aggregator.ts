import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { sandboxLatency } from '../call-budget';
import { ProviderError } from '../provider-error';
import { aggregatorTimeoutMs } from './http-setu-aggregator';
import { findSandboxRequest, insertSandboxRequest, setSandboxStatus } from '../repositories/sandbox-requests';
import { type AccountAggregator, type ConsentState, consentCallbackUrl, defaultConsentCallbackPath } from './account-aggregator';

export const sandboxAggregatorName = 'sandbox-aa';

/** The consent page the sandbox hands out (served by our own server outside production). */
export const sandboxConsentPagePath = (consentId: string) => `/dev/aa/consent/${encodeURIComponent(consentId)}`;

export type SandboxConsentAction = 'approve' | 'reject';
export const sandboxConsentActions: readonly SandboxConsentAction[] = ['approve', 'reject'];

export interface SandboxAggregatorOptions {
  /** Latency per call; default 200 ms, 0 in tests. */
  delayMs?: number;
  /** Where the consent page sends the browser back to; default /income-proof/callback. */
  redirectUrl?: string;
}

const states: Record<string, ConsentState> = { requested: 'pending', approved: 'approved', rejected: 'rejected' };

/** Behaves like Setu's FIU API: a UUID consent id, a consent page URL, PENDING until the applicant acts. */
export function createSandboxAccountAggregator(db: Kysely<Database>, clock: () => number, options: SandboxAggregatorOptions = {}): AccountAggregator {
  const delayMs = Math.max(0, options.delayMs ?? 200);
  const redirectUrl = options.redirectUrl ?? defaultConsentCallbackPath;
  const pause = () => sandboxLatency(sandboxAggregatorName, delayMs, aggregatorTimeoutMs);
  return {
    name: sandboxAggregatorName,
    async createConsent() {
      await pause();
      const id = randomUUID();
      await insertSandboxRequest(db, { id, provider: sandboxAggregatorName, kind: 'consent', status: 'requested', redirectUrl, now: clock() });
      return { id, url: sandboxConsentPagePath(id) };
    },
    async consentStatus(consentId) {
      await pause();
      const row = await findSandboxRequest(db, sandboxAggregatorName, consentId);
      if (!row) throw new ProviderError(sandboxAggregatorName, 'consent not found', 404);
      return states[row.status] ?? 'pending';
    },
  };
}

/**
 * What the applicant did on the sandbox consent page: sets the state the aggregator reports and
 * answers with the callback URL to go back to. Undefined for a consent the sandbox does not hold.
 * The first decision stands, as at a real aggregator.
 */
export async function setSandboxConsentOutcome(
  db: Kysely<Database>,
  clock: () => number,
  consentId: string,
  action: SandboxConsentAction,
): Promise<{ consentId: string; status: ConsentState; redirectUrl: string } | undefined> {
  const row = await findSandboxRequest(db, sandboxAggregatorName, consentId);
  if (!row) return undefined;
  let status = row.status;
  if (status === 'requested') {
    status = action === 'approve' ? 'approved' : 'rejected';
    await setSandboxStatus(db, sandboxAggregatorName, consentId, { status, message: null, now: clock() });
  }
  return { consentId, status: states[status] ?? 'pending', redirectUrl: consentCallbackUrl(row.redirect_url ?? defaultConsentCallbackPath, consentId) };
}

/** Whether the sandbox holds this consent (for its page). */
export async function sandboxConsentExists(db: Kysely<Database>, consentId: string): Promise<boolean> {
  return (await findSandboxRequest(db, sandboxAggregatorName, consentId)) !== undefined;
}
