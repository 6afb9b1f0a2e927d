import type { UserDetails } from '../../src/api/types';
import type { UserRow } from '../db/schema';

const nullableString = { type: ['string', 'null'] } as const;

/** The UserDetails shape of src/api/types.ts, as a response schema. */
export const userDetailsSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    phone: { type: 'string' },
    email: nullableString,
    name: nullableString,
    pan: nullableString,
    dateOfBirth: nullableString,
    currentStep: nullableString,
    nextStep: nullableString,
    gender: nullableString,
    maritalStatus: nullableString,
    occupation: nullableString,
    incomeSegment: nullableString,
    tradingExperience: nullableString,
    fatherName: nullableString,
    motherName: nullableString,
    segments: { type: 'array', items: { type: 'string' } },
    rejectedSteps: {
      type: 'object',
      additionalProperties: { type: 'object', properties: { reason: { type: 'string' } } },
    },
  },
  required: ['id', 'phone', 'currentStep', 'nextStep', 'segments', 'rejectedSteps'],
} as const;

function parseJson<T>(text: string, fallback: T, accept: (value: unknown) => boolean): T {
  try {
    const value: unknown = JSON.parse(text);
    return accept(value) ? (value as T) : fallback;
  } catch {
    return fallback;
  }
}

const isStringArray = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string');
const isPlainObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

export function toUserDetails(row: UserRow): UserDetails {
  return {
    id: row.id,
    phone: row.phone,
    email: row.email,
    name: row.name,
    pan: row.pan,
    dateOfBirth: row.date_of_birth,
    currentStep: row.current_step,
    nextStep: row.next_step,
    gender: row.gender,
    maritalStatus: row.marital_status,
    occupation: row.occupation,
    incomeSegment: row.income_segment,
    tradingExperience: row.trading_experience,
    fatherName: row.father_name,
    motherName: row.mother_name,
    segments: parseJson<string[]>(row.segments, [], isStringArray),
    rejectedSteps: parseJson<UserDetails['rejectedSteps']>(row.rejected_steps, {}, isPlainObject),
  };
}
