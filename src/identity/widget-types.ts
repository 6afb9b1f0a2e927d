import type { WidgetCallback, WidgetCredentials } from '../api/identity';

/** One opening of the widget. */
export interface WidgetRun {
  /** Hands the request to the widget (Digio's `submit(requestId, identifier, token)`); resolves with its callback. */
  submit(credentials: WidgetCredentials): Promise<WidgetCallback>;
  /** The credentials could not be had: close what `open` showed. */
  abandon(): void;
}

/** The identity widget: the vendor's Web SDK the server names (GET /api/identity/widget), Digio's or its simulator's. */
export interface IdentityWidget {
  /**
   * Opens the widget. Call it inside the click handler, before anything is awaited: Digio's `init()` opens a
   * window, which browsers allow only in a user gesture.
   */
  open(): WidgetRun;
}
