/** Wire shapes shared by the API server and the client. The user and step payloads derive from schemas/. */
import type { PersonalDetailsData, UserCore, UserStepFields } from './generated/schema-types';

export type RejectedSteps = UserCore['rejectedSteps'];

/** schemas/user.schema.json plus the fields of every step's stored document (scripts/gen-types.ts). */
export type UserDetails = UserCore & UserStepFields;

/** Every 4xx/5xx body. `errorMessage` repeats `message` for clients that read that key. */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string;
  errorMessage?: string;
  /** Step payloads that break their schema: every message by field path ('' for the payload itself). */
  errors?: Record<string, string[]>;
}

export interface TokenResponse {
  token: string;
  message: string;
}

export interface SignInResponse {
  user: UserDetails;
  token: string;
}

export interface UserResponse {
  user: UserDetails;
}

export interface MessageResponse {
  message: string;
}

export interface VerifyEmailResponse {
  message: string;
  user: UserDetails;
}

/** POST /user/pan-number: the registry's record, pending until confirm-pan. */
export interface PanCheckResponse {
  pan: string;
  dateOfBirth: string;
  name: string;
}

/** A step saved: the toast text and the updated user. */
export interface StepSavedResponse {
  message: string;
  user: UserDetails;
}

export interface OutboxMessage {
  channel: 'sms' | 'email';
  to: string;
  text: string;
  code: string | null;
  sentAt: string;
}

/** Wire error messages the client maps through flow-config/messages.json. */
export const serverMessages = {
  notRegistered: 'mobile number not registered',
  tooEarly: 'request too early',
  maxAttempts: 'max attempts reached',
  expired: 'otp expired',
  invalidOtp: 'invalid otp',
  outOfSync: 'please complete previous steps',
  tooMany: 'too many requests',
  unauthorized: 'unauthorized',
} as const;

/** Body of POST /user/personal-details. */
export type PersonalDetailsBody = PersonalDetailsData;
