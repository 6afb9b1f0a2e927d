import { errorText } from '../api/api-error';
import type { WidgetCallback, WidgetCredentials } from '../api/identity';
import type { WidgetRun } from './widget-types';

/** Spec 9: the credentials are fetched after a fixed short delay, once the widget has opened. */
export const CREDENTIALS_DELAY_MS = 600;

/** The widget answered with an error_code: its own message is what the applicant sees. */
export class WidgetError extends Error {
  override readonly name = 'WidgetError';
  constructor(readonly callback: WidgetCallback) {
    super(callback.message);
  }
}

/** The text for a failed widget round: the widget's own message, the server's words, or `fallback`. */
export function widgetFailureText(error: unknown, fallback: string): string {
  return error instanceof WidgetError ? error.message || fallback : errorText(error, fallback);
}

export interface WidgetOutcome {
  credentials: WidgetCredentials;
  callback: WidgetCallback;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One widget round after `open` (done in the click): the credentials after the delay, the request handed to the
 * widget, then its callback. Rejects with WidgetError for an error_code, or with the credentials call's error.
 */
export async function runWidget(run: WidgetRun, credentials: () => Promise<WidgetCredentials>, delayMs = CREDENTIALS_DELAY_MS): Promise<WidgetOutcome> {
  let request: WidgetCredentials;
  try {
    if (delayMs > 0) await pause(delayMs);
    request = await credentials();
  } catch (error) {
    run.abandon();
    throw error;
  }
  const callback = await run.submit(request);
  if (callback.error_code) throw new WidgetError(callback);
  return { credentials: request, callback };
}
