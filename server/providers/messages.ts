/** What the SMS and email providers deliver. One interface; sandbox, SMTP and HTTP-gateway implementations. */

export type MessageChannel = 'sms' | 'email';

export interface OutgoingMessage {
  channel: MessageChannel;
  /** 10-digit Indian mobile number for sms, an address for email. */
  to: string;
  subject?: string;
  text: string;
  /** The one-time code inside the text, kept only by the sandbox so people and tests can read it. */
  code?: string;
}

export interface MessageProvider {
  readonly name: string;
  send(message: OutgoingMessage): Promise<void>;
  close?(): Promise<void>;
}
