/** Helpers that keep phone numbers and addresses out of logs and error messages. */

/** '9876543210' → '98******10' (the back office shows '98XXXXXX10'). Under 5 characters: fully masked. */
export function maskPhone(phone: string, fill = '*'): string {
  if (phone.length < 5) return fill.repeat(phone.length);
  return `${phone.slice(0, 2)}${fill.repeat(phone.length - 4)}${phone.slice(-2)}`;
}

/** 'ravi.k@gmail.com' → 'ra***@gmail.com'. Without an '@' it is masked like any other secret. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return maskPhone(email);
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

/** Masks a destination according to its channel. */
export function maskRecipient(channel: 'sms' | 'email', to: string): string {
  return channel === 'sms' ? maskPhone(to) : maskEmail(to);
}
