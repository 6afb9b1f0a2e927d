// For widgets that look reference data up through the API (banks and branches, PIN codes).
export { useApi } from '../../api/api-context';
export { listBanks, searchBranches, type Bank, type Branch } from '../../api/bank';
export { resolvePincode, cachedPincode, PINCODE_LOOKUP, type PincodeResult, type PincodeLookup } from '../../api/pincode';
