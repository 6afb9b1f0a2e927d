/** Wire messages of the identity routes. Success texts are the spec's toasts. */
export const identityMessages = {
  kycVerified: 'KYC details verified successfully!',
  selfieVerified: 'Image verified successfully!',
  esignDone: (document: string) => `Esign for ${document} successfully!`,
  submitted: 'Documents submitted for verification',
  notFound: 'Verification request not found',
  notFinished: 'Verification is not complete yet, please finish it in the widget',
  rejected: 'Verification was rejected, please start again',
  expired: 'Verification request has expired, please start again',
  failed: 'Verification failed, please start again',
  unavailable: 'Verification service is unavailable, please try again',
  signFirst: (documents: string) => `Please sign ${documents} first`,
  /** A signing request made before the applicant's details changed (it was voided). */
  signAgain: 'Your details changed after this signature, please sign again',
} as const;
