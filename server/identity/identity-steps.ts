/**
 * The steps the identity routes complete. One place, outside server/routes, so the lead can swap
 * in the step binding declared in flow-config; the routes take this as a parameter.
 */
export interface IdentityStepIds {
  /** KYC through DigiLocker. */
  kyc: string;
  /** The liveness selfie. */
  selfie: string;
  /** Aadhaar eSign of every document; completing it moves the application on to verification. */
  esign: string;
}

export const identityStepIds: IdentityStepIds = {
  kyc: 'aadhaar_verification',
  selfie: 'liveliness_detection',
  esign: 'aadhaar_e_sign_documents',
};
