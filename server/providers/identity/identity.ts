import type { Deadline } from '../call-budget';
/**
 * The identity capability, vendor-neutral: KYC through DigiLocker, the liveness selfie, and Aadhaar eSign of documents
 * made from templates. The browser runs the vendor's Web SDK with the request id, identifier and token these calls hand
 * out; the server then asks the vendor what happened (or hears it by webhook, and asks again). Served by Digio
 * (./digio/), in tests and `npm start` by Digio's simulator.
 */

/** Workflows started from a template: KYC through DigiLocker, and the liveness selfie. */
export type IdentityWorkflow = 'kyc' | 'selfie';

/** Who the request is for. `identifier` is the applicant's email or mobile, as the SDK shows it. */
export interface IdentityApplicant {
  identifier: string;
  name: string | null;
  /** Our own reference, sent to the vendor for its records (the applicant's id). */
  reference: string;
}

/** A request the SDK can open: `submit(requestId, identifier, token)` in Digio's SDK. */
export interface IdentityRequest {
  requestId: string;
  identifier: string;
  token: string;
  /** The vendor's status word on creation, e.g. 'requested'. */
  status: string;
}

/** A document to be signed with Aadhaar eSign, filled from a vendor template. */
export interface SignDocument {
  /** Our key, e.g. 'kra_form'; the client maps it to the vendor's template. */
  key: string;
  /** Shown in the SDK and in 'Esign for {name} successfully!'. */
  name: string;
  /** Values for the template's fields. */
  values: Record<string, string>;
}

/** JSON-safe details the vendor reported; never a full Aadhaar number. */
export type IdentityDetails = Record<string, unknown>;

/** What the vendor knows about a request now. */
export type IdentityOutcome =
  /** The applicant has not finished in the SDK yet (closing it changes nothing at the vendor). */
  | { state: 'pending' }
  /** Finished and accepted: KYC data fetched, selfie taken, or document signed. */
  | { state: 'approved'; details: IdentityDetails }
  /**
   * Rejected, failed or expired at the vendor: a new request is needed. `unknownStatus`: the vendor answered a status
   * word its documentation does not list; the request counts as failed (the applicant starts again) and the word is
   * logged, rather than a retry that could never succeed.
   */
  | { state: 'failed'; reason: 'rejected' | 'expired' | 'failed'; unknownStatus?: string };

/** The vendor's Web SDK as the browser loads it, and what the Content Security Policy must let it reach. */
export interface IdentitySdk {
  /** The SDK's script: the vendor's own (an https URL), or its simulator's on the app's own origin (a path). */
  url: string;
  /** Digio's `new Digio({environment})`. */
  environment: 'sandbox' | 'production';
  /** Origins beyond 'self' the SDK loads scripts from, opens frames of and calls; none for a script on the app's origin. */
  origins: { script: string[]; frame: string[]; connect: string[] };
}

/** A webhook delivery whose signature held: which request it is about. Its state is re-fetched, never read from it. */
export interface IdentityWebhook {
  /** The vendor's id of this delivery. */
  id: string;
  /** The vendor's event name, normalised (lower case, dots). */
  event: string;
  requestId: string;
}

/** A webhook refused: 401 without a valid signature (or no secret to check it with), 400 for a body that is no delivery. */
export class WebhookRefused extends Error {
  override readonly name = 'WebhookRefused';
  constructor(
    readonly status: 400 | 401,
    message: string,
  ) {
    super(message);
  }
}

/** Requests and status checks; an unreachable or confused vendor throws ProviderError. */
export interface IdentityProvider {
  /** The vendor, e.g. 'digio': the webhook's path is /api/webhooks/{name}. */
  readonly name: string;
  /** The Web SDK the browser loads for this vendor (GET /api/identity/widget) and the origins it needs. */
  readonly sdk: IdentitySdk;
  startWorkflow(workflow: IdentityWorkflow, applicant: IdentityApplicant, deadline: Deadline): Promise<IdentityRequest>;
  /** Where the vendor holds a finished request for our approval, the client approves it and reports the result. */
  workflowStatus(workflow: IdentityWorkflow, requestId: string, deadline: Deadline): Promise<IdentityOutcome>;
  startSigning(document: SignDocument, applicant: IdentityApplicant, deadline: Deadline): Promise<IdentityRequest>;
  signingStatus(requestId: string, deadline: Deadline): Promise<IdentityOutcome>;
  /** The signed PDF, once signing is approved. */
  downloadSigned(requestId: string, deadline: Deadline): Promise<Uint8Array>;
  /** The photo an approved selfie request captured, for the back office; undefined when the vendor names none. */
  selfieImage(requestId: string, deadline: Deadline): Promise<Uint8Array | undefined>;
  /** A webhook delivery, its signature checked against the raw body; throws WebhookRefused. */
  readWebhook(body: Buffer, header: (name: string) => string | undefined): IdentityWebhook;
}

/** The SDK's callback, `{digio_doc_id, message, error_code?}`, as the browser receives it (Digio's Web SDK). */
export interface SdkCallback {
  digio_doc_id: string;
  message: string;
  error_code?: string;
}

/** What the applicant can do in the vendor's SDK, as POST /api/dev/identity/{requestId}/{action} acts it out. */
export type IdentityAction = 'approve' | 'cancel' | 'reject';
export const identityActions: readonly IdentityAction[] = ['approve', 'cancel', 'reject'];

/** The selfie's photo as an SDK's camera captures it: a JPEG or PNG data URL. */
export const identityPhotoPattern = '^data:image/(jpeg|png);base64,[A-Za-z0-9+/]+={0,2}$';

/** A simulated identity vendor's controls (SimulatorDefinition.controls): the applicant's answer in its SDK. */
export interface IdentityControls {
  /** The callback the SDK passes on; undefined for a request the vendor does not hold. `photo`: the selfie's data URL. */
  answer(requestId: string, action: IdentityAction, photo?: string): Promise<SdkCallback | undefined>;
}
