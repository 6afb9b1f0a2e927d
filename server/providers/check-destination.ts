import type { MessageChannel, OutgoingMessage } from './messages';
import { ProviderError } from './provider-error';

/** A 10-digit Indian mobile number: starts with 6, 7, 8 or 9. */
export const indianMobilePattern = /^[6-9]\d{9}$/;

/** Deliberately loose, as gateways are: one '@', something on each side, a dot in the domain, no spaces. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Rejects what a gateway would reject before sending anything: a message for another channel,
 * an sms destination that is not a 10-digit Indian mobile, an address that is not an address,
 * an empty text. Error messages never repeat the destination.
 */
export function checkDestination(provider: string, expected: MessageChannel | 'any', message: OutgoingMessage): void {
  if (expected !== 'any' && message.channel !== expected) {
    throw new ProviderError(provider, `cannot send ${message.channel} messages, only ${expected}`);
  }
  if (message.channel === 'sms' && !indianMobilePattern.test(message.to)) {
    throw new ProviderError(provider, 'invalid sms destination: expected a 10-digit Indian mobile number');
  }
  if (message.channel === 'email' && !emailPattern.test(message.to)) {
    throw new ProviderError(provider, 'invalid email destination: expected an address like name@example.com');
  }
  if (message.text.trim() === '') {
    throw new ProviderError(provider, 'refusing to send an empty message');
  }
}
