import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url: opaque auth and verify tokens (256 bits). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as this hash; a database leak does not leak usable tokens. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Codes are stored only as an HMAC under the app secret; 10^4 codes are too few to hash unkeyed. */
export function hmac(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

export function equalHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Uniform over all `length`-digit strings, leading zeros included. */
export function randomCode(length: number): string {
  return randomInt(0, 10 ** length).toString().padStart(length, '0');
}
