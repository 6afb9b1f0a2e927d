/** Names that flow-config/pages may use for "screen". The registry binds each to a component. */
export const screenNames = [
  'mobileLogin',
  'mobileOtp',
  'emailEntry',
  'emailOtp',
  'resume',
  'completed',
  'refresh',
  'modification',
  'linkBank',
  'identityCheck',
  'aadhaarEsign',
  'incomeProof',
  'incomeProofCallback',
  'notice',
  'privacy',
] as const;

export type ScreenName = (typeof screenNames)[number];
