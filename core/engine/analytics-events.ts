/**
 * Pure: the funnel events the app sends to POST /api/events, and the one rule that keeps personal data out of
 * them. Shared by the browser (which drops what the server would refuse) and the server (which refuses it).
 * An event names a route of flow.json (the server derives the step) and, for errors, the message the app showed.
 */

export const clientEventTypes = ['page_view', 'form_error', 'bank_outcome'] as const;
export type ClientEventType = (typeof clientEventTypes)[number];

/** Events only the server records: an applicant's step moving on. */
export const serverEventTypes = ['step_reached', 'step_completed'] as const;

export const bankMethods = ['upi', 'penny_drop'] as const;
export const bankOutcomes = ['success', 'failure'] as const;

export interface ClientEvent {
  type: ClientEventType;
  /** A route of flow.json: the page the applicant was on. */
  route: string;
  /** form_error and a failed bank_outcome: the text the applicant was shown. */
  message?: string;
  method?: (typeof bankMethods)[number];
  outcome?: (typeof bankOutcomes)[number];
}

export const maxEventsPerBatch = 20;
export const maxEventMessageLength = 200;

/**
 * Why a message could hold personal data, or undefined when it cannot: four or more digits in a row, or six or more
 * with spaces or dashes between (a phone, Aadhaar, account number, PAN, OTP or PIN code), or an email address.
 * Messages are texts the app shows, so a legitimate one never has any of these; names cannot be told from words,
 * which is why the app sends only texts it showed, never what the applicant typed.
 */
export function personalDataIn(message: string): string | undefined {
  if (/\d{4,}|(?:\d[\s-]?){6,}/.test(message)) return 'a run of digits';
  if (/@/.test(message)) return 'an email address';
  return undefined;
}
