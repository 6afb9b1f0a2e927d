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

/** GET /user/rpd-verification's statuses; the server's response schema and service use this list. */
export const rpdStatuses = ['not_started', 'pending', 'success', 'failure'] as const;
/** Which verification the bank side recommends: 'rpd' (UPI) or 'penny_drop' (manual). */
export const rpdRecommendations = ['rpd', 'penny_drop'] as const;

/** GET /user/rpd-verification: 'not_started' before any request; an expired request is a 'failure' with its message. */
export interface RpdStatus {
  status: (typeof rpdStatuses)[number];
  message: string;
  recommended: (typeof rpdRecommendations)[number];
}

/** Body of POST /user/personal-details. */
export type PersonalDetailsBody = PersonalDetailsData;

/** Back office (ops API, /api/ops, Authorization: Bearer <OPS_TOKEN>): also read by scripts/ops.ts. */
export interface OpsApplicationSummary {
  id: string;
  /** Masked: 98XXXXXX10. */
  phone: string;
  name: string | null;
  /** The applicant's next step (their status after the journey). */
  step: string | null;
  /** ISO 8601, UTC. */
  updatedAt: string;
}

export interface OpsApplicationList {
  applications: OpsApplicationSummary[];
  total: number;
  limit: number;
  offset: number;
}

/** An uploaded document, as a link the ops token may read. */
export interface OpsDocumentLink {
  step: string;
  documentType: string;
  fileName: string;
  url: string;
}

export interface OpsAuditEntry {
  /** ISO 8601, UTC. */
  at: string;
  actor: string;
  /** reject, approve, setup, complete, reverify, rekyc, email_sent, email_failed. */
  action: string;
  fromStep: string | null;
  toStep: string | null;
  /** reject: step → reason. */
  reasons: Record<string, string> | null;
  note: string | null;
}

export interface OpsApplication {
  user: UserDetails;
  /** Every stored step document, by step id, as stored. */
  steps: Record<string, Record<string, unknown>>;
  documents: OpsDocumentLink[];
  audit: OpsAuditEntry[];
}

export interface OpsApplicationResponse {
  application: OpsApplication;
}

/** After a decision or a re-KYC link: what happened, and whether the applicant's email went out. */
export interface OpsActionResponse {
  message: string;
  nextStep: string | null;
  rejectedSteps: RejectedSteps;
  emailSent: boolean;
  /** Re-KYC only: the link emailed. */
  link?: string;
}

/* The applicant's data rights (DPDP Act 2023): GET /user/consents, POST /user/consents/{purpose}/give|withdraw, POST /user/erasure. */

/** A purpose of the Privacy Notice and the applicant's consent to it as it stands (null: never given). */
export interface ConsentEntry {
  purpose: string;
  required: boolean;
  /** The notice's version the consent was given under. */
  version: string | null;
  givenAt: string | null;
  withdrawnAt: string | null;
}

export interface ConsentsResponse {
  consents: ConsentEntry[];
}

export interface ConsentChangeResponse {
  message: string;
  consent: ConsentEntry;
}

/** 409 to an erasure after submission: what the law keeps, and until when (YYYY-MM-DD). */
export interface ErasureRefusal {
  message: string;
  law: string;
  retainUntil: string;
}

/** POST /api/ops/sweep: the rectification sweep as of `at`, and the applicants it reminded and expired. */
export interface SweepResult {
  at: string;
  reminded: string[];
  expired: string[];
}
