import type { WidgetJourney } from './widget-types';

/**
 * The sandbox widget's own words. It stands in for Digio's widget, whose texts are Digio's and not ours to
 * configure, so these live here rather than in flow-config.
 */
export const sandboxTexts = {
  title: { kyc: 'DigiLocker KYC (sandbox)', selfie: 'Liveness selfie (sandbox)', esign: 'Aadhaar eSign (sandbox)' } satisfies Record<WidgetJourney, string>,
  intro: {
    kyc: 'This stands in for the identity widget outside production. Approve to share your Aadhaar details from DigiLocker, or Cancel.',
    selfie: 'This stands in for the identity widget outside production. Capture a photo of your face, then Approve, or Cancel.',
    esign: 'This stands in for the identity widget outside production. Approve to sign the document with Aadhaar, or Cancel.',
  } satisfies Record<WidgetJourney, string>,
  preparing: 'Preparing your request…',
  request: 'Request',
  applicant: 'For',
  document: 'Document',
  approve: 'Approve',
  cancel: 'Cancel',
  capture: 'Capture',
  retake: 'Retake',
  cameraStarting: 'Starting the camera…',
  cameraLabel: 'Camera preview',
  capturedAlt: 'Captured photo',
  noCamera: 'No camera is available on this device. Connect a camera, or continue on a phone.',
  cameraDenied: 'Camera permission was refused. Allow camera access for this site in your browser settings, then try again.',
  cameraBusy: 'The camera could not be started. Close other apps that use it, then try again.',
  captureFailed: 'The photo could not be taken, please try again.',
  reportFailed: 'The sandbox could not record your answer, please try again.',
} as const;
