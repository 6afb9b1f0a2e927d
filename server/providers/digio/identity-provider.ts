/**
 * The identity widget's server side (Digio in production): KYC through DigiLocker, the liveness
 * selfie, and Aadhaar eSign of documents made from templates. The browser runs the widget with
 * the request id, identifier and token these calls hand out; the server then asks the provider
 * what happened. Sandbox and HTTP implementations.
 */

/** Widget workflows started from a template: KYC through DigiLocker, and the liveness selfie. */
export type IdentityWorkflow = 'kyc' | 'selfie';

/** Who the request is for. `identifier` is the applicant's email or mobile, as the widget shows it. */
export interface IdentityApplicant {
  identifier: string;
  name: string | null;
  /** Our own reference, sent to the provider for its records (the applicant's id). */
  reference: string;
}

/** A request the widget can open: `submit(requestId, identifier, token)` in Digio's SDK. */
export interface IdentityRequest {
  requestId: string;
  identifier: string;
  token: string;
  /** The provider's status word on creation, e.g. 'requested'. */
  status: string;
}

/** A document to be signed with Aadhaar eSign, filled from a provider template. */
export interface SignDocument {
  /** Our key, e.g. 'kra_form'; the adapter maps it to the provider's template. */
  key: string;
  /** Shown in the widget and in 'Esign for {name} successfully!'. */
  name: string;
  /** Values for the template's fields. */
  values: Record<string, string>;
}

/** JSON-safe details the provider reported; never a full Aadhaar number. */
export type IdentityDetails = Record<string, unknown>;

/** What the provider knows about a request now. */
export type IdentityOutcome =
  /** The applicant has not finished in the widget yet. */
  | { state: 'pending' }
  /** Finished and accepted: KYC data fetched, selfie taken, or document signed. */
  | { state: 'approved'; details: IdentityDetails }
  /** The applicant closed the widget; `message` is the widget's own. */
  | { state: 'cancelled'; message: string }
  /** Rejected, failed or expired at the provider: a new request is needed. */
  | { state: 'failed'; reason: 'rejected' | 'expired' | 'failed' };

export interface WidgetConfig {
  kind: 'sandbox' | 'digio';
  /** Digio's `new Digio({environment})`: 'sandbox' for ext.digio.in, else 'production'. */
  environment: 'sandbox' | 'production';
}

/** Requests and status checks; an unreachable or confused provider throws ProviderError. */
export interface IdentityProvider {
  readonly name: string;
  /** Which browser widget goes with this provider: the in-app sandbox, or Digio's Web SDK in its environment. */
  readonly widget: WidgetConfig;
  startWorkflow(workflow: IdentityWorkflow, applicant: IdentityApplicant): Promise<IdentityRequest>;
  workflowStatus(workflow: IdentityWorkflow, requestId: string): Promise<IdentityOutcome>;
  startSigning(document: SignDocument, applicant: IdentityApplicant): Promise<IdentityRequest>;
  signingStatus(requestId: string): Promise<IdentityOutcome>;
  /** The signed PDF, once signing is approved. */
  downloadSigned(requestId: string): Promise<Uint8Array>;
  /** The photo an approved selfie request captured, for the back office; undefined when the provider holds none. */
  selfieImage(requestId: string): Promise<Uint8Array | undefined>;
}

