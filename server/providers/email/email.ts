import type { Deadline } from '../call-budget';
/** Email: one message with a subject and a plain text (sent with an HTML rendering of the same text). */

export interface EmailMessage {
  /** An address: name@domain. */
  to: string;
  subject: string;
  text: string;
}

/** Sends or throws ProviderError (never with the address in full). */
export interface EmailClient {
  readonly name: string;
  send(message: EmailMessage, deadline: Deadline): Promise<void>;
  close?(): Promise<void>;
}

/** Deliberately loose, as mail servers are: one '@', something on each side, a dot in the domain, no spaces. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
