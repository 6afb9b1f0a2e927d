import { bankCodeOf, bankName, isValidIfsc } from '../../bank/bank-directory';
import type { IfscLookup, IfscLookupResult } from './ifsc-lookup';

export const sandboxIfscLookupName = 'sandbox-ifsc';

/**
 * Never calls out: a code the `ifsc` package lists as valid is found, with its bank's name and no
 * branch details (the directory has those for the codes it holds); any other code is not found.
 */
export function createSandboxIfscLookup(): IfscLookup {
  return {
    name: sandboxIfscLookupName,
    async lookup(ifsc: string): Promise<IfscLookupResult> {
      if (!isValidIfsc(ifsc)) return { kind: 'not_found' };
      const bankCode = bankCodeOf(ifsc);
      const empty = { branch: '', address: '', city: '', district: '', state: '', micr: '', contact: '' };
      return { kind: 'found', branch: { ifsc, bankCode, bank: bankName(bankCode) ?? '', ...empty } };
    },
  };
}
