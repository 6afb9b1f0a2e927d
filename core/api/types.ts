/** Wire shapes shared by the API server and the client. The user and step payloads derive from schemas/. */
import type { OpsRole } from '../engine/ops-roles';
import type { PersonalDetailsData, UserCore, UserStepFields } from './generated/schema-types';
import type { BusinessChange } from '../studio/business-diff';

export type RejectedSteps = UserCore['rejectedSteps'];

/** schemas/user.schema.json plus the fields of every step's stored document (scripts/gen-types.ts). */
export type UserDetails = UserCore & UserStepFields;

/** Every 4xx/5xx body. `errorMessage` repeats `message` for clients that read that key. */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string;
  errorMessage?: string;
  /** The message's code in flow-config/messages.json ('pan.notInKra'), for clients that branch on it. */
  code?: string;
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
  /** How many applications the number holds (family members sharing it, issue 30): more than one offers the choice. */
  applicationsOnNumber?: number;
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
  /** The KRA's answer, in our words: validated, registered, on_hold, rejected, not_found. */
  kraStatus: string;
  /** flow.json `kra` says the applicant confirms the KRA's record first (GET /user/pan-number shows it). */
  confirm: boolean;
  /** The permanent address the KRA holds, when the record is to be confirmed. */
  address?: KraAddressLines;
}

/** An address as the KRA holds it. */
export interface KraAddressLines {
  line1: string;
  line2: string;
  line3: string;
  city: string;
  pincode: string;
  state: string;
  country: string;
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

/** One line of 'Preview what you sign': a field's label as the applicant saw it, and their answer in words. */
export interface EsignPreviewRow {
  label: string;
  value: string;
  /** The list item it belongs to ('Nominee 1: Asha Rao'), when it belongs to one. */
  group?: string;
}

/** A section of the account opening form (identity, bank account, nominees, declarations...), titled by config. */
export interface EsignPreviewSection {
  title: string;
  rows: EsignPreviewRow[];
}

/** GET /api/user/esign-preview: what the applicant is about to sign, in their language; sections with nothing saved are left out. */
export interface EsignPreview {
  sections: EsignPreviewSection[];
}
/**
 * Back office (ops API, /api/ops, Authorization: Bearer <reviewer token or OPS_TOKEN>): read by the console
 * (src/ops) and scripts/ops.ts.
 */
export interface OpsApplicationSummary {
  id: string;
  /** Masked: 98XXXXXX10. */
  phone: string;
  /** Masked: ABXXXXXX4K; null before the PAN is confirmed. */
  pan: string | null;
  name: string | null;
  /** The applicant's next step (their status after the journey). */
  step: string | null;
  /** ISO 8601, UTC: the applicant's last move (their status since). */
  updatedAt: string;
  /** How long the application has waited at its status, in whole seconds, by the server's clock. */
  waitingSeconds: number;
}

export interface OpsApplicationList {
  applications: OpsApplicationSummary[];
  total: number;
  limit: number;
  offset: number;
}

/** An uploaded document; its file is GET /api/ops/documents/{id}. */
export interface OpsDocument {
  id: string;
  /** The step whose answer names it; null for a file a later upload replaced. */
  step: string | null;
  /** An upload kind: pan_image, signature_image, selfie_image, nominee_proof, income_proof_pdf, modification_document. */
  kind: string;
  /** How people name the kind: 'PAN image', 'Selfie'. */
  label: string;
  contentType: string;
  size: number;
  /** ISO 8601, UTC. */
  uploadedAt: string;
  /** Uploaded after the last review decision (the applicant's fix). */
  newSinceReview?: boolean;
  /** An encrypted PDF whose password is kept sealed: POST /api/ops/documents/{id}/password reads it (audited). */
  passwordKept?: boolean;
}

/** POST /api/ops/documents/{id}/password. */
export interface OpsDocumentPassword {
  password: string;
}

export interface OpsAuditEntry {
  /** ISO 8601, UTC. */
  at: string;
  /** The reviewer's email, or 'ops-token'. */
  actor: string;
  /** reject, approve, setup, complete, reverify, rekyc, email_sent, email_failed, document_viewed. */
  action: string;
  fromStep: string | null;
  toStep: string | null;
  /** reject: step → reason. */
  reasons: Record<string, string> | null;
  note: string | null;
}

/** One answer in readable form: its label from config and its value as text. */
export interface OpsAnswer {
  field: string;
  /** The label the applicant saw, after the list item it belongs to: 'Nominee 1: Asha Rao › First Name'. */
  label: string;
  /** The value in words: an option's text, a time as DD/MM/YYYY, HH:mm IST, a document's id (the console shows the document). */
  value: string;
  /** The list item the answer belongs to ('Nominee 1: Asha Rao'), when it belongs to one. */
  group?: string;
}

/** One step's answers, in flow order, titled as flow.json titles the step. */
export interface OpsStepAnswers {
  step: string;
  title: string;
  answers: OpsAnswer[];
  /** ISO 8601: when the applicant saved this step again after the last review decision; absent when unchanged since. */
  changedAt?: string;
  /** Field by field, what the applicant changed in this step since the last decision; absent when unknown or unchanged. */
  changes?: OpsAnswerChange[];
}

/** One answer changed since the last review decision, under the label the applicant saw, in words on both sides. */
export interface OpsAnswerChange {
  field: string;
  label: string;
  group?: string;
  /** The answer at the last decision; absent when the field was not answered then. */
  before?: string;
  /** The answer now; absent when the applicant cleared it. */
  after?: string;
  /** Both sides are documents' ids (the console names the document; a replaced one is an earlier upload). */
  document?: boolean;
}

/** The PAN name beside another source's name for the same person, and whether they match as banks score names. */
export interface OpsNameMatch {
  /** 'bank_account' (the account holder's name the bank gave) or 'aadhaar' (the name KYC gave). */
  source: string;
  name: string;
  matches: boolean;
}

/** One bank account whose statement an account aggregator returned. */
export interface IncomeSummaryAccount {
  /** The bank's id at the aggregator (Setu's fipID). */
  bank: string;
  /** As the bank masks it, e.g. XXXXXX4373. */
  maskedAccountNumber: string;
  /** SAVINGS or CURRENT, as the bank says; '' when it does not. */
  accountType: string;
  branch: string;
  ifsc: string;
  transactions: number;
}

/**
 * Bank statements read through an account aggregator, summarised for the reviewer (amounts in paise). Salary-like: a
 * credit whose narration says salary, or a transfer recurring monthly from one payer at about one amount.
 */
export interface IncomeSummary {
  /** The period the statements cover, ISO 8601. */
  from: string;
  to: string;
  /** Whole months in the period, at least one: the divisor of the monthly averages. */
  months: number;
  accounts: IncomeSummaryAccount[];
  transactions: number;
  creditsPaise: number;
  averageMonthlyCreditsPaise: number;
  salaryCreditsPaise: number;
  averageMonthlySalaryPaise: number;
  /** Calendar months with at least one salary-like credit. */
  salaryMonths: number;
}

/** The newest income summary of an applicant, with what it proves: the step, the consent, when the data arrived. */
export interface OpsIncomeSummary extends IncomeSummary {
  step: string;
  consentId: string;
  /** ISO 8601. */
  receivedAt: string;
}

export interface OpsApplication {
  user: UserDetails;
  /** Every stored step document, by step id, as stored. */
  steps: Record<string, Record<string, unknown>>;
  /** The same, labelled from config. */
  answers: OpsStepAnswers[];
  documents: OpsDocument[];
  /** The PAN name against the others; empty until there is a PAN name and another to compare. */
  nameMatches: OpsNameMatch[];
  /** The bank statements read through the account aggregator, summarised; null when none arrived. */
  incomeSummary: OpsIncomeSummary | null;
  audit: OpsAuditEntry[];
  /** ISO 8601: the newest review decision (reject, approve, ...); null before the first. */
  lastReviewAt: string | null;
  /** Every declaration the applicant made, in the words they were shown (issue 29). */
  declarations: DeclarationOnRecord[];
}

export interface OpsApplicationResponse {
  application: OpsApplication;
}

/** A back-office account as the API shows it. */
export interface OpsReviewer {
  email: string;
  role: OpsRole;
  active: boolean;
  addedBy: string;
  /** ISO 8601, UTC. */
  addedAt: string;
  disabledAt: string | null;
  disabledBy: string | null;
}

export interface OpsReviewerResponse {
  reviewer: OpsReviewer;
}

export interface OpsReviewerList {
  reviewers: OpsReviewer[];
}

/** POST /api/ops/verify-otp and GET /api/ops/me: who is signed in. */
export interface OpsSignedIn {
  token: string;
  reviewer: { email: string; role: OpsRole };
}

export interface OpsMe {
  /** The reviewer's email, or 'ops-token'. */
  actor: string;
  /** The reviewer's role, or 'ops-token'. */
  role: OpsRole | 'ops-token';
}

/** GET /api/ops/providers: each capability's provider and its figures of the last hour. */
export interface OpsProvider {
  capability: string;
  title: string;
  vendor: string;
  vendorTitle: string;
  mode: 'live' | 'simulator' | 'given';
  calls: number;
  errors: number;
  errorRate: number;
  p95Ms: number | null;
  /** ISO 8601. */
  lastSuccessAt: string | null;
  lastError: { at: string; message: string } | null;
}

export interface OpsProviders {
  providers: OpsProvider[];
}

export interface OpsFunnelStep {
  step: string;
  /** Applicants (signed in) who reached the step in the period. */
  reached: number;
  /** Of those, how many completed it in the period. */
  completed: number;
  /** reached − completed. */
  dropOff: number;
  /** Median time from reaching to completing, in whole seconds; null when none completed. */
  medianSeconds: number | null;
  /**
   * The most frequent error messages shown at the step, most frequent first, one row per message whatever language
   * showed it: `message` in the default language, `translations` its words in the others.
   */
  topErrors: { message: string; count: number; translations?: { language: string; text: string }[] }[];
}

export interface OpsFunnel {
  /** ISO 8601, UTC: the period asked for. */
  from: string;
  to: string;
  steps: OpsFunnelStep[];
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

/** GET /api/ops/help-requests: "Need help?" requests, newest first (issue 30). */
export interface OpsHelpRequest {
  id: string;
  applicationId: string | null;
  phone: string;
  route: string;
  step: string | null;
  contactTime: string;
  contactTimeLabel: string;
  message: string | null;
  language: string;
  languageName: string;
  requestedAt: string;
}

/** GET /api/ops/contact-declarations: a contact shared with another application, and whose it was declared to be. */
export interface OpsContactDeclaration {
  applicationId: string;
  phone: string;
  channel: string;
  destination: string;
  relation: string;
  relationLabel: string;
  declaredAt: string;
  matches: { applicationId: string; phone: string; status: string | null };
}

/** One application under the signed-in number, as GET /api/applications lists it (issue 30: family members sharing it). */
export interface ApplicationOnNumber {
  id: string;
  /** The name as the application's own record shows it (the PAN step's), once given. */
  name: string | null;
  /** The relation declared for a family member's application (the number is theirs); null for the holder's own. */
  relationLabel: string | null;
  openedAt: string;
  /** The title of the step it continues at, in the caller's language; null once submitted. */
  nextStepTitle: string | null;
  submitted: boolean;
  current: boolean;
}

export interface ApplicationsOnNumber {
  applications: ApplicationOnNumber[];
  /** Whose number it may be, for a new family member's application (the email page's `familyRelations`). */
  relations: { relation: string; label: string }[];
}

/** GET /api/ops/releases: a config release (issue 29), the whole checked config frozen under a hash and a number. */
export interface OpsRelease {
  id: string;
  number: number;
  /** SHA-256 (hex) of the release's files. */
  hash: string;
  createdBy: string;
  /** ISO 8601, UTC. */
  createdAt: string;
  /** The newest release: the one new sign-ups start on. */
  current: boolean;
  /** Applications pinned to it and not yet submitted. */
  openApplications: number;
  /** Not current and no open application on it: nobody is served it again; its texts stay on record as evidence. */
  retired: boolean;
  /**
   * Its files are the ones this server runs and its pages were built from. A release published in the studio is not,
   * until `npm run config:import <number>` writes it into the repository and it is built and deployed.
   */
  running: boolean;
  /**
   * Its browser client (its pages, schemas and validators) on this server: `ready` (new sign-ups may start on it),
   * `building`, `failed` (the server's log says why) or `missing` (not built yet).
   */
  client: 'ready' | 'building' | 'failed' | 'missing';
}

export interface OpsReleaseList {
  releases: OpsRelease[];
}

/** What an evidence record is: a declaration's tick, an evidence text acknowledged, a Privacy Notice purpose. */
export const evidenceKinds = ['declaration', 'acknowledgement', 'consent'] as const;

/**
 * A declaration, acknowledgement or consent on record (issue 29), in the words the applicant was shown: the back
 * office's application and the data export both list them.
 */
export interface DeclarationOnRecord {
  /** A tick on a step's page (x-consent), an evidence text acknowledged (the MITC), or a Privacy Notice purpose consented to. */
  kind: (typeof evidenceKinds)[number];
  /** The step whose page asked it; null for an acknowledgement or a consent. */
  step: string | null;
  /** The declaration's field, the evidence text's key, or the purpose's id. */
  field: string;
  /** ISO 8601: when it was declared. */
  declaredAt: string | null;
  /** The config release the applicant was pinned to; null for a declaration from before releases. */
  release: number | null;
  language: string;
  /** The language's own name, as that release's languages.json gives it. */
  languageName: string;
  /** SHA-256 (hex) of the words shown, one per line, as stored when the declaration was made. */
  textSha256: string;
  /** The words shown, read from that release in that language. */
  words: string[];
  /** Whether `words` hash to `textSha256`: false would mean the release's words are not what was stored. */
  wordsMatch: boolean;
}

/** The config studio (issue 31): a draft of the config, as its list and its page show it. */
export interface StudioDraft {
  id: string;
  author: string;
  purpose: string;
  /** The release it started from. */
  baseRelease: number;
  /** 'editing', 'proposed' (waiting for an approver), 'scheduled' (approved to publish at `publishAt`), 'publishing' or 'published'. */
  status: string;
  /** When an approved draft publishes, if its approver chose a time; else null. */
  publishAt: string | null;
  /** Sent back with every edit: a change made on an older version is refused (409), never overwriting another's. */
  version: number;
  /** The release it became, once published. */
  publishedRelease: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface StudioDraftList {
  drafts: StudioDraft[];
  /** The newest release (new sign-ups start on it), and the one whose files this server runs (null: files of no release). */
  releases: {
    current: number | null;
    running: number | null;
    /** Every release, newest first: what an approver may roll back to, and download as a patch. */
    all: { number: number; createdBy: string; createdAt: string; openApplications: number; current: boolean; running: boolean }[];
  };
}

/** One text of the config in the studio: where it is shown, in business terms, and its words in every language. */
export interface StudioTextView {
  id: string;
  where: string;
  /** Words an applicant agrees to (a declaration, a disclosure, the Privacy Notice): each change is flagged to the approver. */
  evidence: boolean;
  /** By language code; null where the language has no words for it. */
  words: Record<string, string | null>;
}

export interface StudioTextList {
  texts: StudioTextView[];
  /** How many texts match, of which `texts` holds the first ones. */
  total: number;
}

/** GET /api/ops/studio/drafts/{id}: the draft, what it changes, what stops it, and its history. */
export interface StudioDraftView {
  draft: StudioDraft;
  /** Every language of the config; `default`: the one its files are written in (the others translate it). */
  languages: { code: string; name: string; default: boolean }[];
  /** Each text reworded, language by language, against the base release. */
  changes: { id: string; where: string; evidence: boolean; language: string; before: string | null; after: string | null }[];
  /** Translations missing, or stale (the English reworded, the translation not). Blocking for evidence texts. */
  translations: { id: string; where: string; evidence: boolean; language: string; problem: 'missing' | 'stale' }[];
  /** What the config check finds in the draft, at the text concerned where it names one. Publishing waits for none. */
  /** `problem` as the config check says it; `said`: the same at the text it concerns (no file or JSON path), or `problem`. */
  findings: { textId: string | null; where: string | null; problem: string; said: string }[];
  history: { at: string; actor: string; action: string; note: string | null }[];
  /** What the draft changes in business terms (options, steps, settings, texts, other files), for the approver. */
  diff: StudioBusinessChange[];
  /**
   * The release rule: a draft of wording alone reaches the base release's open applications at once when published;
   * any other change keeps them on their release (new applications start on the new one).
   */
  release: { wordingOnly: boolean; openOnBase: number };
  /** The settings of flow.json the studio edits, with their limits. */
  settings: { key: 'maxNominees' | 'rectificationDays' | 'reminderDays'; value: number | number[]; minimum: number | null; maximum: number | null }[];
  /** The journey's steps in order. */
  steps: { id: string; title: string }[];
}

/** One change of a draft as an approver reads it. */
export type StudioBusinessChange = BusinessChange;

/** GET /api/ops/studio/drafts/{id}/lists: every option list of the draft, with what applications chose. */
export interface StudioListsView {
  lists: {
    name: string;
    /** The questions that ask it, in business terms. */
    questions: string[];
    options: {
      value: string;
      words: Record<string, string | null>;
      chosen: number;
      open: number;
      /** 'kept' (in the base release too), 'added' by the draft, or 'retired' by it. */
      status: string;
    }[];
  }[];
}
