import type { FastifyServerOptions } from 'fastify';

/** Personal data and secrets never reach the logs: masked in messages, objects, URLs and errors. */

/** Fastify's logger options: pino options plus Fastify's (`stream`, `file`). */
export type AppLoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

const masked = '****';

/** Keys whose values are secrets: replaced whole, whatever they hold. */
const secretKeys = new Set([
  'otp',
  'token',
  'verifytoken',
  'accesstoken',
  'x-access-token',
  'x-verify-token',
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'secret',
]);

const replacements: [RegExp, (match: string, ...groups: string[]) => string][] = [
  // Secrets in query strings or JSON text: otp=1234, "token":"abc", verify_token=...
  [
    /((?:otp|token|verify[-_]?token|access[-_]?token|password|secret)["']?\s*[=:]\s*["']?)([^&\s"',;}]+)/gi,
    (_m, key) => `${key}${masked}`,
  ],
  // The back office's search text (a phone, PAN or name) in a URL: ?q=...
  [/([?&]q=)([^&\s"']+)/g, (_m, key) => `${key}${masked}`],
  // A code in prose: 'OTP is 1234', 'verification code is 1234'.
  [/(\b(?:otp|code)\b[^0-9\n]{0,24})[0-9]{4,8}\b/gi, (_m, lead) => `${lead}${masked}`],
  // Email, also URL-encoded (%40): keep the first character and the domain.
  [
    /([a-z0-9])[a-z0-9._%+-]*(@|%40)([a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,})/gi,
    (_m, first, at, domain) => `${first}***${at}${domain}`,
  ],
  // PAN: five letters, four digits, one letter.
  [/\b([a-z]{2})[a-z]{3}[0-9]{4}([a-z])\b/gi, (_m, head, tail) => `${head}*******${tail}`],
  // Indian mobile, with or without +91/91: 98******10.
  [
    /(?<![0-9])((?:\+|%2B)?91[- ]?)?([6-9][0-9])[0-9]{6}([0-9]{2})(?![0-9])/gi,
    (_m, prefix, head, tail) => `${prefix ?? ''}${head}******${tail}`,
  ],
  // Aadhaar: 12 digits, last four kept as on printed cards.
  [/(?<![0-9])[0-9]{8}([0-9]{4})(?![0-9])/g, (_m, tail) => `********${tail}`],
];

/**
 * Every rule above needs a digit, an '@', or a key followed by '=' or ':'. Most log strings (messages,
 * plain paths) have none of them and are returned without running a single replacement.
 */
const mayHoldPersonalData = /[0-9@=:]/;

export function maskPersonalData(text: string): string {
  if (!mayHoldPersonalData.test(text)) return text;
  let result = text;
  for (const [pattern, replace] of replacements) {
    result = result.replace(pattern, replace as (substring: string, ...args: unknown[]) => string);
  }
  return result;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Plain data with secrets replaced and strings masked; class instances pass untouched. Copies only
 * what changes: the common log object (`{ res, responseTime }`) comes back as the same object.
 */
export function maskValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskPersonalData(value);
  if (typeof value !== 'object' || value === null || depth > 8) return value;
  if (Array.isArray(value)) {
    const items = value.map((item) => maskValue(item, depth + 1));
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key in value) {
    const item = value[key];
    const safe = secretKeys.has(key.toLowerCase()) ? masked : maskValue(item, depth + 1);
    if (safe !== item) (copy ??= { ...value })[key] = safe;
  }
  return copy ?? value;
}

interface RequestLike {
  method?: string;
  url?: string;
  ip?: string;
  host?: string;
}

interface ErrorLike {
  name?: string;
  message?: string;
  stack?: string;
  code?: unknown;
  statusCode?: unknown;
}

/**
 * Pino options for Fastify: request URLs masked, headers never logged, error messages and
 * stacks masked, and every log call's string and plain-object arguments masked.
 */
export function maskingLoggerOptions(base: AppLoggerOptions = {}): AppLoggerOptions {
  return {
    ...base,
    serializers: {
      ...base.serializers,
      req: (request: RequestLike) => ({
        method: request.method,
        url: maskPersonalData(request.url ?? ''),
        host: request.host,
        remoteAddress: request.ip,
      }),
      err: (error: ErrorLike) => ({
        type: error.name ?? 'Error',
        message: maskPersonalData(error.message ?? ''),
        stack: maskPersonalData(error.stack ?? ''),
        ...(error.code !== undefined ? { code: maskValue(error.code) } : {}),
        ...(error.statusCode !== undefined ? { statusCode: error.statusCode } : {}),
      }),
    },
    hooks: {
      ...base.hooks,
      logMethod(args, method) {
        const safe = args.map((arg) => maskValue(arg)) as Parameters<typeof method>;
        return method.apply(this, safe);
      },
    },
  };
}
