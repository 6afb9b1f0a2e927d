/**
 * JSON Schemas shared by the routes. Field errors carry a code of flow-config/messages.json through ajv-errors'
 * `errorMessage`; the error handler sends its words as the 400 message.
 */

import { indianMobileRule } from '../../core/engine/mobile-number';
import { otpLength } from '../limits';

type Schema = Record<string, unknown>;

export const phoneSchema = {
  ...indianMobileRule,
  errorMessage: 'validation.mobile',
} as const;

export const emailSchema = {
  type: 'string',
  format: 'email',
  maxLength: 100,
  errorMessage: 'validation.email',
} as const;

export const otpSchema = {
  type: 'string',
  pattern: `^[0-9]{${otpLength}}$`,
  errorMessage: 'validation.otp',
} as const;

/** Tracking strings from the landing URL: kept short, otherwise free text. */
export const trackingSchema = { type: 'string', maxLength: 100 } as const;

/**
 * A strict body object: unknown properties are rejected, and a missing required property gets
 * the same wording as an invalid one (e.g. no phone → 'Mobile number is not valid').
 */
export function bodyObject(properties: Record<string, Schema>, required: string[]): Schema {
  const missing: Record<string, string> = {};
  for (const name of required) {
    const message = properties[name]?.errorMessage;
    if (typeof message === 'string') missing[name] = message;
  }
  return {
    type: 'object',
    additionalProperties: false,
    properties,
    required,
    ...(Object.keys(missing).length > 0 ? { errorMessage: { required: missing } } : {}),
  };
}

export const errorResponseSchema = {
  type: 'object',
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    message: { type: 'string' },
    errorMessage: { type: 'string' },
    /** The message's code in flow-config/messages.json. */
    code: { type: 'string' },
    /** Step payloads only: messages by field path. */
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
  required: ['statusCode', 'error', 'message'],
} as const;

export const messageResponseSchema = {
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
} as const;

export const tokenResponseSchema = {
  type: 'object',
  properties: { token: { type: 'string' }, message: { type: 'string' } },
  required: ['token', 'message'],
} as const;

/** A response object that always carries every one of its properties (a client may rely on each being there). */
export function fullObject(properties: Record<string, Schema>): Schema {
  return { type: 'object', properties, required: Object.keys(properties) };
}

/** A response `{ [key]: [item, …] }`. */
export function listResponse(key: string, item: Schema): Schema {
  return fullObject({ [key]: { type: 'array', items: item } });
}

/** Response map with the shared error body for every 4xx and 5xx. */
export function responses(ok: Schema): Schema {
  return { 200: ok, '4xx': errorResponseSchema, '5xx': errorResponseSchema };
}
