import type { Kysely } from 'kysely';
import type { OpsConfig } from '../core/api/generated/schema-types';
import type { FlowConfig } from '../core/engine/flow-types';
import type { PrivacyConfig } from '../core/engine/privacy';
import type { Texts } from './platform/texts';
import type { Database } from './db/schema';
import type { Limits } from './limits';
import type { AccountAggregator } from './providers/account-aggregator/account-aggregator';
import type { IdentityProvider } from './providers/identity/identity';
import type { EmailClient } from './providers/email/email';
import type { SmsClient } from './providers/sms/sms';
import type { PincodeIndex } from './pincodes/pincode-index';
import type { KraClient } from './providers/kra/kra';
import type { Providers } from './providers/start-providers';
import type { Analytics } from './analytics/service';
import type { StepRules } from './steps/service';
import type { UserPresenter } from './applicant/user-details';
import type { DocumentsService } from './documents/uploads/documents-service';
import type { StepValidators } from './validation/step-validators';
import type { ReleaseLibrary } from './releases/release-texts';

/** What every route and service of one app instance shares. Built once in buildApp. */
export interface AppContext {
  db: Kysely<Database>;
  flow: FlowConfig;
  /** flow-config/privacy.json: the notice's version, purposes and retention (its words, by language: texts). */
  privacy: PrivacyConfig;
  /**
   * Every text the applicant reads, by language: a request's answer in request.texts (its language), an email or
   * SMS sent outside one in texts.in(user.language). No text is worded without choosing its language.
   */
  texts: Texts;
  /**
   * The texts the browser shows: the running config's, whatever the applicant's release (the bundle is built from the
   * working files). Declarations and consents are hashed in these words, which are the ones the applicant read.
   */
  browserTexts: Texts;
  clock: () => number;
  limits: Limits;
  /** Key for OTP hashes. */
  secret: string;
  sms: SmsClient;
  email: EmailClient;
  production: boolean;
  steps: StepRules;
  /** The KRA PAN check (KRA_VENDOR: CAMS or CVL; their simulator when unset). */
  kra: KraClient;
  /** schemas/step-data compiled once at start-up, by schema id. */
  stepValidators: StepValidators;
  /** The applicant as the API answers it: core fields plus every step's answers. */
  users: UserPresenter;
  /** Every stored upload: checked, encrypted at rest, readable by its owner only. */
  documents: DocumentsService;
  /** India Post pincodes (GeoNames), loaded once per process. */
  pincodes: PincodeIndex;
  /** The identity widget's server side (KYC, selfie, eSign): sandbox unless DIGIO_CLIENT_ID is set. */
  identityProvider: IdentityProvider;
  /** The account aggregator for income proof: sandbox unless AA_BASE_URL is set. */
  accountAggregator: AccountAggregator;
  /** flow-config/ops.json: the back office's texts, reason templates and sign-in email. */
  opsConfig: OpsConfig;
  /** First-party funnel events: recorded by the server as steps move, and from the app. */
  analytics: Analytics;
  /** Every capability's provider: which vendor, live or simulated, and its figures (GET /api/ops/providers). */
  providers: Providers;
  /**
   * Each config release an application is pinned to (issue 29): its texts (what each applicant was shown), and the
   * context that serves its applications (this one with the release's flow, steps, stepValidators, texts and users).
   * A signed-in request reaches its applicant's through runtimeFor(request).
   */
  releases: ReleaseLibrary<AppContext>;
}
