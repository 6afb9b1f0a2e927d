/** Wire shapes shared by the API server and the client. */

export type RejectedSteps = Record<string, { reason?: string }>;

export interface UserDetails {
  id: string;
  phone: string;
  email: string | null;
  name: string | null;
  pan: string | null;
  dateOfBirth: string | null;
  currentStep: string | null;
  nextStep: string | null;
  gender: string | null;
  maritalStatus: string | null;
  occupation: string | null;
  incomeSegment: string | null;
  tradingExperience: string | null;
  fatherName: string | null;
  motherName: string | null;
  segments: string[];
  rejectedSteps: RejectedSteps;
}

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

/** Body of POST /user/personal-details, as schemas/step-data/personal-details.schema.json describes it. */
export interface PersonalDetailsBody {
  gender: string;
  maritalStatus: string;
  occupation: string;
  incomeSegment: string;
  tradingExperience: string;
  fatherName: string;
  motherName: string;
  segments: string[];
  otherOptionsDeclaration?: boolean;
}
