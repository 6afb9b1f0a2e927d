import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../errors';
import type { Deadline } from '../providers/call-budget';
import type { BranchRecord } from './branch-records';
import { type BranchView, findBranch, searchBranches } from './repositories/branch-search';
import type { BankServices } from './create-bank';

export function viewOf(record: BranchRecord): BranchView {
  const { ifsc, bankCode, bank, branch, address, city, district, state, micr, contact } = record;
  return { ifsc, name: branch, address, city, district, state, code: bankCode, bank, micr, contact };
}

/**
 * A branch by IFSC: the directory first, then the lookup provider for a code the directory lacks.
 * An unreachable provider answers 503; undefined means the code does not exist.
 */
export async function resolveBranch(bank: BankServices, ifsc: string, log: FastifyBaseLogger, deadline: Deadline): Promise<BranchView | undefined> {
  const local = await findBranch(bank.db, ifsc);
  if (local) return local;
  try {
    const result = await bank.ifscLookup.lookup(ifsc, deadline);
    return result.kind === 'found' ? viewOf(result.branch) : undefined;
  } catch (error) {
    log.error({ err: error, provider: bank.ifscLookup.name }, 'ifsc lookup failed');
    throw new ApiError(503, 'bank.unavailable');
  }
}

/** The branches of one bank whose name, city or words start like the query (the directory's search). */
export function searchBankBranches(bank: BankServices, bankCode: string, q: string): Promise<BranchView[]> {
  return searchBranches(bank.db, bankCode, q);
}
