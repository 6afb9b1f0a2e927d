/** Input rules of spec section 5. Pure, so they are tested as tables. */

export const MOBILE_LENGTH = 10;
const mobilePattern = /^[6-9]\d{9}$/;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Keeps digits only, at most `max`: what the phone and OTP inputs accept. */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/** Invalid as soon as the first digit is below 6, or when 10 digits do not form an Indian mobile number. */
export function isMobileInvalid(value: string): boolean {
  if (value.length === 0) return false;
  if (Number(value[0]) < 6) return true;
  return value.length === MOBILE_LENGTH && !mobilePattern.test(value);
}

export function isCompleteMobile(value: string): boolean {
  return mobilePattern.test(value);
}

export function isEmail(value: string): boolean {
  return emailPattern.test(value.trim());
}
