import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table shapes for Kysely. Portable types only (text, integer, bigint ms timestamps) so the
 * same code runs on SQLite and PostgreSQL. Booleans are 0/1 integers, JSON lives in text.
 */

export interface UsersTable {
  id: string;
  phone: string;
  email: string | null;
  email_verified: number;
  /** Unique: one account per PAN. */
  pan: string | null;
  current_step: string | null;
  next_step: string | null;
  /** JSON object keyed by step id. */
  rejected_steps: string;
  referrer: string | null;
  source: string | null;
  created_at: number;
  updated_at: number;
  /** When the journey ended (migration 061); null before, and for rows submitted before it was kept. */
  submitted_at: number | null;
  /** The client ID, from the back office's 'complete' decision (migration 080); unique, null before. */
  client_code: string | null;
  /** The applicant's language, a code of flow-config/languages.json (migration 081); null: the default. */
  language: string | null;
  /**
   * Migration 114: the application of the mobile number's holder, when this one is a family member's sharing that
   * number (declared as a contact declaration of channel 'mobile'); null for the holder's own.
   */
  family_of: string | null;
  /** Migration 100: the number of the config release current when this application signed up (its flow and texts). */
  config_release: number | null;
}

/** A config release (migration 100): the whole checked config frozen under its content hash and a number. */
export interface ConfigReleasesTable {
  id: string;
  number: number;
  /** SHA-256 of every file's path and text, in path order. */
  hash: string;
  /** JSON: { "<flow-config/... or schemas/...>": "<the file's exact text>" }. */
  files: string;
  created_by: string;
  created_at: number;
  /** JSON: how open applications were moved when it was made ({ moves: { oldStep: newStep } }); null: none moved. */
  migration: string | null;
}

export interface OtpChallengesTable {
  id: string;
  channel: 'sms' | 'email';
  destination: string;
  purpose: string;
  user_id: string | null;
  /** SHA-256 of the verify token a mobile challenge is bound to; null for email challenges. */
  verify_token_hash: string | null;
  code_hash: string;
  attempts: number;
  consumed_at: number | null;
  dead: number;
  expires_at: number;
  last_sent_at: number;
  created_at: number;
}

export interface SessionsTable {
  id: string;
  token_hash: string;
  user_id: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
}

/** Written by the sandbox message provider; read by the dev outbox routes. */
export interface OutboxTable {
  id: string;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  text: string;
  code: string | null;
  sent_at: number;
}

/** One row per OTP sent, for the per-destination and per-IP send caps. */
export interface MessageSendsTable {
  id: string;
  /** 'lookup': a sign-in attempt for an unregistered number (nothing sent; counted against probing). */
  channel: 'sms' | 'email' | 'lookup';
  destination: string;
  ip: string;
  sent_at: number;
}

/** A registry-verified PAN awaiting the applicant's confirm-pan (migration 002). */
export interface PanChecksTable {
  user_id: string;
  pan: string;
  name: string;
  /** DD/MM/YYYY. */
  date_of_birth: string;
  checked_at: number;
  expires_at: number;
  /** The KRA status of ours (server/providers/kra/kra.ts; migration 091). */
  kra_status: Generated<string>;
  /** The permanent address the KRA holds, JSON (KraAddress), or null. */
  kra_address: string | null;
}

/** One JSON document per applicant and step, as its step-data schema accepted it (migration 003). */
export interface StepDataTable {
  user_id: string;
  step_id: string;
  /** JSON object. */
  data: string;
  /** 1 on first save, +1 on each later save. */
  version: number;
  updated_at: number;
}

/** One stored upload (migration 020). The file itself is sealed in the document storage under storage_key. */
export interface DocumentsTable {
  id: string;
  user_id: string;
  /** An UploadKind: pan_image, signature_image, nominee_proof, income_proof_pdf, modification_document. */
  kind: string;
  /** Detected from the content, never from the client. */
  mime: string;
  /** Bytes of the stored (re-encoded) file, before encryption. */
  size: number;
  storage_key: string;
  created_at: number;
}

/** An identity-widget request: KYC, selfie or one eSign document (migration 030). */
export interface IdentityRequestsTable {
  request_id: string;
  user_id: string;
  kind: 'kyc' | 'selfie' | 'esign';
  /** The eSign document's key; null for KYC and selfie. */
  document: string | null;
  /** 'void': an eSign request made before the applicant's details changed; it never counts as signed again. */
  status: 'requested' | 'verified' | 'void';
  /** JSON document: what the provider reported when verified. */
  result: string | null;
  created_at: number;
  verified_at: number | null;
}

/** An income-proof submission (migration 031). */
export interface IncomeProofsTable {
  id: string;
  user_id: string;
  kind: 'aggregator' | 'manual' | 'skipped';
  consent_id: string | null;
  status: 'pending' | 'verified' | 'failed';
  /** JSON document; never a password. */
  result: string | null;
  /** Aggregator consents (migration 095): the period asked for ({from, to} JSON), the data session reading it. */
  data_range: string | null;
  data_session_id: string | null;
  /** Data sessions opened for the consent so far. */
  data_sessions: Generated<number>;
  /** JSON IncomeSummary, once the statements arrived. */
  income_summary: string | null;
  created_at: number;
  updated_at: number;
}

/** State the sandbox identity and account-aggregator providers keep, as the real services would (migration 032). */
export interface SandboxRequestsTable {
  id: string;
  provider: string;
  kind: string;
  status: string;
  message: string | null;
  redirect_url: string | null;
  created_at: number;
  updated_at: number;
  /** eSign only: the document asked to be signed (JSON), printed on the signed PDF (migration 061). */
  document: string | null;
}

/**
 * The audit trail (migration 040): the back office's decisions and emails, the rectification sweep's, and the
 * applicant's data-rights requests. Appended only; no route changes or deletes an entry (erasure before submission
 * removes an applicant's entries with everything else of theirs).
 */
export interface AuditTrailTable {
  id: string;
  user_id: string;
  at: number;
  /** Who acted: the reviewer's email, 'ops-token' for the machine token (CLI, scripts), 'system' for the sweep, 'applicant' for their own data-rights requests. */
  actor: string;
  /** A review action (reject, approve, ...), 'rekyc', 'email_sent' / 'email_failed', or 'document_viewed'. */
  action: string;
  from_step: string | null;
  to_step: string | null;
  /** JSON object step → reason (reject only). */
  reasons: string | null;
  /** Free text, e.g. an email's subject. */
  note: string | null;
}

/** A re-KYC income declaration (migration 041): one row each time the applicant declares. */
export interface IncomeDeclarationsTable {
  id: string;
  user_id: string;
  income: string;
  document_type: string | null;
  document_id: string | null;
  declared_at: number;
  /** JSON object: each statement ticked → ISO time (migration 061); null for rows before it. */
  statements: string | null;
}

/** A consent to a purpose of flow-config/privacy.json (migration 061); withdrawing sets withdrawn_at. */
export interface ConsentsTable {
  id: string;
  user_id: string;
  purpose: string;
  /** The notice's version it was given under. */
  version: string;
  given_at: number;
  withdrawn_at: number | null;
  /** Migration 101: the applicant's config release, the language shown and the SHA-256 of the purpose's words; null before. */
  config_release: number | null;
  language: string | null;
  text_sha256: string | null;
}

/** Evidence texts acknowledged (migration 110): key, version, language and the SHA-256 of the words shown. */
export interface AcknowledgementsTable {
  id: string;
  user_id: string;
  evidence_key: string;
  version: string;
  language: string;
  text_sha256: string;
  statement: string;
  acknowledged_at: number;
}

/** Migration 101: the config release an acknowledgement was given under (none for those from before releases). */
export interface AcknowledgementReleasesTable {
  acknowledgement_id: string;
  config_release: number;
}

/** Family declarations for a contact another application verified (migration 112). */
export interface ContactDeclarationsTable {
  id: string;
  user_id: string;
  channel: 'email' | 'mobile';
  destination: string;
  /** A value of the email page's familyRelations (spouse, dependent_child, dependent_parent). */
  relation: string;
  other_user_id: string;
  declared_at: number;
}

/** "Need help?" requests (migration 113). */
export interface HelpRequestsTable {
  id: string;
  user_id: string | null;
  phone: string;
  route: string;
  step: string | null;
  /** A value of the help page's contactTimes. */
  contact_time: string;
  message: string | null;
  language: string;
  created_at: number;
}

/** Erasure requests (migration 061): the applicant only as a keyed hash, so nothing of theirs is left once erased. */
export interface ErasureLogTable {
  id: string;
  subject: string;
  requested_at: number;
  /** 'erased' or 'refused'. */
  outcome: string;
  note: string | null;
}

/** After a reject: the day the applicant must have fixed it by, and the reminders sent (migration 061). */
export interface RectificationDeadlinesTable {
  user_id: string;
  opened_at: number;
  due_at: number;
  reminders_sent: number;
}

/** Numbers handed out one by one across instances, e.g. 'client_code' (migration 080). */
export interface SequencesTable {
  name: string;
  value: number;
}

/** A request's turn to change an applicant's application, across instances (migration 050; PostgreSQL only). */
export interface ApplicantTurnsTable {
  user_id: string;
  holder: string;
  /** Wall-clock ms: a lease a crashed instance cannot hold for ever. */
  expires_at: number;
}

/** A named back-office account (migration 060). Disabled, never deleted: the audit trail names it. */
export interface ReviewersTable {
  id: string;
  /** Lower case. */
  email: string;
  /** An OpsRole: reviewer, supervisor or auditor. */
  role: string;
  created_at: number;
  /** The actor who added it (a supervisor's email or 'ops-token'). */
  created_by: string;
  updated_at: number;
  disabled_at: number | null;
  disabled_by: string | null;
}

/** A reviewer's signed-in session (migration 060), apart from the applicants' `sessions`. */
export interface ReviewerSessionsTable {
  id: string;
  token_hash: string;
  reviewer_id: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
}

/** One funnel event (migration 061); never personal data (see the migration). */
export interface AnalyticsEventsTable {
  id: string;
  /** An AnalyticsEventType: page_view, form_error, bank_outcome (from the app); step_reached, step_completed (server). */
  type: string;
  step: string | null;
  route: string | null;
  /** Keyed hash of the applicant's id; null for events before sign-in. */
  subject: string | null;
  /** bank_outcome: '<method>:<success|failure>'. */
  outcome: string | null;
  message: string | null;
  at: number;
}

/** The sandbox widget's captured selfie (migration 062), base64. */
export interface SandboxMediaTable {
  request_id: string;
  mime: string;
  data: string;
  created_at: number;
}

/** A vendor simulator's record (migration 090): server/providers/simulator-store.ts. */
export interface SimRecordsTable {
  vendor: string;
  kind: string;
  id: string;
  /** JSON. */
  data: string;
  created_at: number;
  updated_at: number;
}

export interface Database {
  users: UsersTable;
  otp_challenges: OtpChallengesTable;
  sessions: SessionsTable;
  outbox: OutboxTable;
  message_sends: MessageSendsTable;
  pan_checks: PanChecksTable;
  step_data: StepDataTable;
  documents: DocumentsTable;
  identity_requests: IdentityRequestsTable;
  income_proofs: IncomeProofsTable;
  sandbox_requests: SandboxRequestsTable;
  audit_trail: AuditTrailTable;
  income_declarations: IncomeDeclarationsTable;
  applicant_turns: ApplicantTurnsTable;
  reviewers: ReviewersTable;
  reviewer_sessions: ReviewerSessionsTable;
  analytics_events: AnalyticsEventsTable;
  sandbox_media: SandboxMediaTable;
  consents: ConsentsTable;
  erasure_log: ErasureLogTable;
  rectification_deadlines: RectificationDeadlinesTable;
  sequences: SequencesTable;
  sim_records: SimRecordsTable;
  acknowledgements: AcknowledgementsTable;
  contact_declarations: ContactDeclarationsTable;
  help_requests: HelpRequestsTable;
  config_releases: ConfigReleasesTable;
  acknowledgement_releases: AcknowledgementReleasesTable;
  document_passwords: DocumentPasswordsTable;
  reviewed_answers: ReviewedAnswersTable;
  config_drafts: ConfigDraftsTable;
  config_draft_events: ConfigDraftEventsTable;
}

/** The sealed password of an encrypted PDF (migration 120); sealed by the documents service, never stored in clear. */
export interface DocumentPasswordsTable {
  document_id: string;
  user_id: string;
  /** Base64 of the sealed password (AES-256-GCM under the documents' key, the document's id as associated data). */
  sealed: string;
  created_at: number;
}

/** Each step's answers as the last review decision saw them (migration 150). */
export interface ReviewedAnswersTable {
  user_id: string;
  step_id: string;
  /** JSON: the step's stored answers at the decision. */
  data: string;
  reviewed_at: number;
}

/** A draft of the config in the studio (migration 160): the files it changes against its base release. */
export interface ConfigDraftsTable {
  id: string;
  /** The editor who made it (email; 'ops-token' for the machine token). */
  author: string;
  purpose: string;
  base_release: number;
  /** JSON: path → text of every file the draft changes (the rest is the base release's). */
  changes: string;
  /** One more at every change: an edit names the version it was made on, so two editors never overwrite each other unseen. */
  version: number;
  /** 'editing', 'proposed' (waiting for an approver), 'scheduled', 'publishing' (claimed by an instance) or 'published'. */
  status: string;
  published_release: number | null;
  created_at: number;
  updated_at: number;
  /** Migration 161: when an approver set it to publish (epoch ms); null when not set to publish at a time. */
  publish_at: number | null;
  /** Migration 161: when an instance claimed it to publish ('publishing'); a claim left too long is taken over. */
  claimed_at: number | null;
}

/** A draft's history (migration 160): appended only. */
export interface ConfigDraftEventsTable {
  id: string;
  draft_id: string;
  at: number;
  actor: string;
  /** 'created', 'edited', 'proposed', 'returned' or 'published'. */
  action: string;
  /** What was edited (in business terms), or the proposer's or approver's note. */
  note: string | null;
}

export type ConfigDraftRow = Selectable<ConfigDraftsTable>;
export type UserRow = Selectable<UsersTable>;
export type ConfigReleaseRow = Selectable<ConfigReleasesTable>;
export type AcknowledgementRow = Selectable<AcknowledgementsTable>;
export type ContactDeclarationRow = Selectable<ContactDeclarationsTable>;
export type HelpRequestRow = Selectable<HelpRequestsTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type OtpChallengeRow = Selectable<OtpChallengesTable>;
export type SessionRow = Selectable<SessionsTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type PanCheckRow = Selectable<PanChecksTable>;
export type StepDataRow = Selectable<StepDataTable>;
export type DocumentRow = Selectable<DocumentsTable>;
export type IdentityRequestRow = Selectable<IdentityRequestsTable>;
export type IncomeProofRow = Selectable<IncomeProofsTable>;
export type SandboxRequestRow = Selectable<SandboxRequestsTable>;
export type AuditTrailRow = Selectable<AuditTrailTable>;
export type ReviewerRow = Selectable<ReviewersTable>;
export type ReviewerSessionRow = Selectable<ReviewerSessionsTable>;
export type AnalyticsEventRow = Selectable<AnalyticsEventsTable>;
export type ConsentRow = Selectable<ConsentsTable>;
export type RectificationDeadlineRow = Selectable<RectificationDeadlinesTable>;
