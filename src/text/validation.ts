/** Input rules of spec section 5. Pure, so they are tested as tables. */
import { indianMobilePattern } from '../../core/engine/mobile-number';

export const MOBILE_LENGTH = 10;
/** The one definition of an Indian mobile number (schemas/mobile-number.schema.json), which the server checks too. */
const mobilePattern = indianMobilePattern;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Keeps digits only, at most `max`: what the phone and OTP inputs accept. */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/**
 * Invalid as soon as the digits typed so far cannot begin a mobile number (a first digit below 6), or when all 10
 * do not form one: a prefix is judged as the number it would make with zeros after it.
 */
export function isMobileInvalid(value: string): boolean {
  if (value.length === 0) return false;
  return !mobilePattern.test(value.padEnd(MOBILE_LENGTH, '0'));
}

export function isCompleteMobile(value: string): boolean {
  return mobilePattern.test(value);
}

export function isEmail(value: string): boolean {
  return emailPattern.test(value.trim());
}
