import type { WidgetCallback, WidgetCredentials } from '../api/identity';

/** What the widget is opened for: Digio's KYC (DigiLocker), the liveness selfie, or Aadhaar eSign of one document. */
export type WidgetJourney = 'kyc' | 'selfie' | 'esign';

/** One opening of the widget. */
export interface WidgetRun {
  /** Hands the request to the widget (Digio's `submit(requestId, identifier, token)`); resolves with its callback. */
  submit(credentials: WidgetCredentials): Promise<WidgetCallback>;
  /** The credentials could not be had: close what `open` showed. */
  abandon(): void;
}

/**
 * The identity widget, whichever implementation the server's provider goes with (GET /api/identity/widget):
 * Digio's Web SDK, or the in-app sandbox with the same contract and callback shape.
 */
export interface IdentityWidget {
  readonly kind: 'sandbox' | 'digio';
  /**
   * Opens the widget. Call it inside the click handler, before anything is awaited: Digio's `init()` opens a
   * window, which browsers allow only in a user gesture. `label` names what is signed (eSign).
   */
  open(journey: WidgetJourney, label?: string): WidgetRun;
}
