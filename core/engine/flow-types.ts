import type { ConfiguredKraStatus, KraRules } from './kra-rules.ts';
/** Shapes of flow-config/flow.json. Pure data: shared by the client and the server. */

export type StepId = string;

export interface PanelCopy {
  title: string;
  subtitle: string;
  features: string[];
}

export interface StepDefinition {
  id: StepId;
  title: string;
  /** Steps the applicant works through, in array order; the rest are statuses set by the back office. */
  journey?: boolean;
  /** The first route is where the step lands. */
  routes: string[];
  /** schemas/step-data/<schema>.schema.json: the document the step stores; its fields appear on the user. */
  schema?: string;
  /** API routes of this step ('POST /user/pan-number'); without them a step with a schema is saved generically. */
  api?: (string | StepApiRoute)[];
  /** Once done, closed until set-previous reopens it. */
  closedWhenDone?: boolean;
}

/** A route with settings of its own: the rejected step it fixes (for `modification`), its own closedWhenDone, its body's schema. */
export interface StepApiRoute {
  route: string;
  /** One rejected step, or several (then the request names the one it fixes). */
  fixes?: StepId | StepId[];
  closedWhenDone?: boolean;
  /** schemas/step-data/<body>.schema.json: the schema that checks this route's request body, on both sides. */
  body?: string;
  /**
   * flow-config/messages.json code of the answer's `message`: the route saves its step's answers (the `body`
   * schema's) through the one save handler of server/steps/ (core/engine/save-bindings.ts).
   */
  message?: string;
  /** The answers come as a multipart form, with files: how its field names map onto the `body` schema. */
  upload?: UploadBinding;
  /** The route skips the step: it stores that it was skipped, with the declaration its page's Skip makes. */
  skip?: boolean;
}

/** How a save route's multipart form maps onto its `body` schema. */
export interface UploadBinding {
  /** Multipart field name → the schema's "x-upload" field it fills ('pan' → 'documentId'). */
  fields: Record<string, string>;
}

export interface CompletedStage {
  steps: StepId[];
  stage: number;
  title: string;
  subtitle: string;
  /** An outcome ('Application Approved'): reaching it completes it and the next stage is under way. */
  done?: boolean;
  /** What the applicant can do now; `link` names an address in messages.json `links`. */
  next?: { text: string; action: string; link: string };
  /** The side panel while the application is in this stage (wins over panels.byPath). */
  panel?: PanelCopy;
}

/** An email's copy; `{name}`, `{steps}` (reject) and `{link}` (re-KYC) are filled in when it is sent. */
export interface EmailCopy {
  subject: string;
  text: string;
}

/** One back-office decision: the statuses it may be taken from and the applicant's next step after it. */
export interface ReviewDecision {
  from: StepId[];
  to: StepId;
  email: EmailCopy;
  /** The decision assigns the client ID: prefix and the sequence's next number in `digits` digits ('ON000042'). */
  clientCode?: ClientCodeFormat;
}

export interface ClientCodeFormat {
  prefix: string;
  digits: number;
}

export type ReviewAction = 'reject' | 'approve' | 'setup' | 'complete' | 'reverify';

/** Reminders before the rectification deadline and what happens at it; emails fill {name}, {steps}, {deadline}. */
export interface RectificationConfig {
  /** Days after the reject on which a reminder is emailed. */
  /** Days to fix what a reject sent back, by the applicant's KRA status (else rectificationDays). */
  daysByKraStatus?: Partial<Record<ConfiguredKraStatus, number>>;
  reminderDays: number[];
  reminderEmail: EmailCopy;
  /** The status an application takes when the deadline passes unfixed. */
  expiredStatus: StepId;
  expiredEmail: EmailCopy;
  /** Sent when the back office reopens an expired application (a fresh deadline). */
  reopenEmail: EmailCopy;
}

/** The back office's review after the journey (core/engine/review.ts applies it). */
export interface ReviewConfig {
  decisions: Record<ReviewAction, ReviewDecision>;
  /** Journey steps a reject may send back to the applicant. */
  rejectable: StepId[];
  rekyc: { from: StepId[]; email: EmailCopy };
  /** Days to fix what a reject sent back (default 15, see rectificationDays()). */
  rectificationDays?: number;
  /** Hours the review of a submission (or of its corrections) takes: the status page's expected date. */
  verificationHours?: number;
  rectification?: RectificationConfig;
}

/** Settings schemas read where they write `{"$setting": "<name>"}`; code reads them through settingOf(). */
export interface FlowSettings {
  /** The most nominees an applicant may name; default 3. */
  maxNominees?: number;
}

export interface FlowConfig {
  routes: {
    root: string;
    login: string;
    verifyOtp: string;
    completed: string;
    refresh: string;
    reVerification: string;
    /** The Privacy Notice and the applicant's data rights; public. */
    privacy: string;
  };
  publicRoutes: string[];
  settings?: FlowSettings;
  steps: StepDefinition[];
  afterJourney: StepId;
  extraRoutes: string[];
  continue: { toCompleted: StepId[] };
  guard: { completedLike: StepId[]; toCompleted: StepId[]; toReVerification: StepId[] };
  progress: { groups: { label: string; steps: StepId[] }[] };
  completedStages: Record<string, CompletedStage>;
  panels: {
    fallback: PanelCopy;
    byStep: Record<StepId, PanelCopy>;
    byPath: Record<string, PanelCopy>;
  };
  review: ReviewConfig;
  /** What the KRA's answer to the PAN check does, per KRA status (core/engine/kra-rules.ts). */
  kra?: KraRules;
}
