import type { BranchRecord } from '../../bank/branch-records';
import type { Deadline } from '../call-budget';

/** Answers a single IFSC the branch directory lacks (Razorpay's IFSC API). */
export type IfscLookupResult = { kind: 'found'; branch: BranchRecord } | { kind: 'not_found' };

/** Answers are results; an unreachable service throws ProviderError. */
export interface IfscLookup {
  readonly name: string;
  lookup(ifsc: string, deadline: Deadline): Promise<IfscLookupResult>;
}
