import type { FlowConfig } from './flow-types';
import type { PrivacyConfig } from './privacy';

/** A route that shows a named screen from the registry, with its copy and screen-specific options. */
export interface ScreenPageConfig {
  screen: string;
  copy: Record<string, string>;
  options?: Record<string, unknown>;
}

/** A route that shows a schema form: payload schema, uiSchema, the effect run on submit, where to go after. */
export interface FormSpec {
  schema: string;
  uiSchema?: Record<string, unknown>;
  effect: string;
  /** 'continue' (default): first route of the nextStep the effect returns; else a route. */
  next?: string;
  /** A route for a back action above the heading, labelled by copy.back (e.g. /change-dob back to /verify-pan). */
  back?: string;
  /** A route the submit goes to instead when its answer needs the applicant's confirmation first (the KRA's record). */
  confirmRoute?: string;
  /** A second action beside submit, labelled by copy.skip: its effect runs without the form's data, and its
   * success shows copy.skipped as an orange toast (Skip on /add-nominee). */
  skip?: SkipSpec;
}

export interface SkipSpec {
  effect: string;
  /** As `next`; default 'continue'. */
  next?: string;
  /** Skipping as a declaration the applicant makes in a dialog (the nominee opt-out); the server stores it. */
  declaration?: SkipDeclaration;
}

export interface SkipDeclaration {
  title: string;
  /** The declaration, word for word (SEBI's text): shown, stored with its time, signed at eSign. */
  text: string;
  /** The checkbox label the applicant ticks. */
  tick: string;
  confirm: string;
  cancel: string;
  /** Said when confirm is pressed unticked. */
  missing: string;
  /** How the opt-out is verified (SEBI, January 2025): Aadhaar eSign (default), or a code to both the mobile and the email. */
  verify?: 'esign' | 'otp';
  /** The codes' texts, when `verify` is 'otp'. */
  otp?: { intro: string; send: string; sent: string; mobile: string; email: string; confirm: string; missing: string };
}

export interface FormPageConfig {
  form: FormSpec;
  copy: Record<string, string>;
}

/** What a route shows, from flow-config/pages/*.json. */
export type PageConfig = ScreenPageConfig | FormPageConfig;

export function isFormPage(page: PageConfig): page is FormPageConfig {
  return 'form' in page;
}

/**
 * The forms a screen embeds in its options: `form` (modification's details, bank, ...) and any `<name>Form`
 * (modification's `documentForm`), each with its key, in the order written.
 */
export function embeddedForms(options: Record<string, unknown> | undefined): { key: string; form: Partial<FormSpec> }[] {
  return Object.entries(options ?? {}).flatMap(([key, value]) =>
    (key === 'form' || key.endsWith('Form')) && typeof value === 'object' && value !== null ? [{ key, form: value as Partial<FormSpec> }] : [],
  );
}

/** The forms a page renders: a form page's own, or the forms a screen embeds. */
export function pageForms(page: PageConfig | undefined): Partial<FormSpec>[] {
  if (!page) return [];
  if (isFormPage(page)) return [page.form];
  return embeddedForms(page.options).map(({ form }) => form);
}

export interface PagesFile {
  pages: Record<string, PageConfig>;
}

/**
 * flow-config/messages.json: texts by code (src/text/message-codes.ts reads any of them by 'section.key'); the
 * sections the app reads as a whole are typed here.
 */
export type Messages = {
  errors: Record<string, string>;
  /** Server codes whose words the app shows as another text: 'flow.outOfSync' → 'errors.outOfSync'. */
  shownAs: Record<string, string>;
  /** The upload control's actions and page count (messages.schema.json). */
  uploads: UploadTexts;
  /** The frame around every page (messages.schema.json describes each text). */
  shell: ShellTexts;
  /** The controls every form and dialog shares: yes/no, close, the date field's and the crop dialog's buttons. */
  controls: ControlTexts;
  links: Record<string, string> & { support: string; terms: string };
  brand: Brand;
};

/** messages.json `brand`: the broker the applicant opens the account with (messages.schema.json). */
export type Brand = {
  name: string;
  /** A file in flow-config/, e.g. 'brand/logo.svg'. */
  logo: string;
  sebiRegistration: string;
  exchangeMembers: Membership[];
  depositoryParticipants: Membership[];
};

export type Membership = { body: string; id: string };

/** A family of texts the app reads by key (messages.json sections): each key's words. */
type TextFamily<Key extends string> = Record<Key, string>;

export type UploadTexts = TextFamily<'replace' | 'remove' | 'pages' | 'onePage'>;

export type ControlTexts = TextFamily<'yes' | 'no' | 'close' | 'clear' | 'chooseDate' | 'chooseAnyDate' | 'moveImage' | 'moveUp' | 'moveDown' | 'moveLeft' | 'moveRight'>;

export type ShellTexts = {
  welcome: string;
  logout: string;
  progress: string;
  terms: string;
  privacy: string;
  support: string;
  footer: string;
  /** The footer's link to /help: a request the back office sees. */
  needHelp: string;
  /** The footer's link, signed in, to the applications under the number (when flow.json has routes.applications). */
  familyApplications?: string;
  sebiRegistration: string;
  exchangeMember: string;
  depositoryParticipant: string;
};

/** Everything in flow-config/, as loaded. File names are kept so errors can name the culprit. */
export interface ConfigBundle {
  flow: FlowConfig;
  pageFiles: Record<string, PagesFile>;
  messages: Messages;
  /** flow-config/privacy.json: the notice, its purposes, retention and grievance contact. */
  privacy: PrivacyConfig;
}

/** All pages of all files, keyed by route. */
export function mergePages(bundle: Pick<ConfigBundle, 'pageFiles'>): Record<string, PageConfig> {
  return Object.assign({}, ...Object.values(bundle.pageFiles).map((file) => file.pages));
}
