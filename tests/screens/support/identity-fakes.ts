import type { WidgetCallback } from '../../../src/api/identity';
import type { UserDetails } from '../../../core/api/types';
import { errorReply, type FakeRequest, type Reply } from '../../app/support/adapter';
import { makeUser, type FakeServer } from '../../app/support/fake-server';

/** The sandbox identity provider as the fake network: requests per workflow, and what the dev routes answer. */
export interface SandboxFake {
  /** Request ids handed out, in order. */
  issued: string[];
  /** Outcome reported through /dev/identity/{id}/{action}, by request id. */
  outcomes: Map<string, 'approve' | 'cancel'>;
  /** Hands out the next request id (and answers its dev routes). */
  issue(): string;
}

const widgetMessages = {
  kyc: { approved: 'KYC Process Completed', cancelled: 'KYC process cancelled' },
  selfie: { approved: 'KYC Process Completed', cancelled: 'Selfie capture cancelled' },
  esign: { approved: 'Signed Successfully', cancelled: 'Signing cancelled' },
} as const;

/** GET /identity/widget answers the sandbox; the dev routes answer the callback the real ones do. */
export function sandboxWidget(server: FakeServer, kind: 'kyc' | 'selfie' | 'esign'): SandboxFake {
  const issued: string[] = [];
  const outcomes = new Map<string, 'approve' | 'cancel'>();
  server.on('GET /identity/widget', () => ({ status: 200, body: { kind: 'sandbox', environment: 'sandbox' } }));
  // Request ids are KID1, KID2... (DID1... for documents): each dev route is registered when the id is issued.
  const prefix = kind === 'esign' ? 'DID' : 'KID';
  const issue = (): string => {
    const id = `${prefix}${issued.length + 1}`;
    issued.push(id);
    for (const action of ['approve', 'cancel'] as const) {
      server.on(`POST /dev/identity/${id}/${action}`, (): Reply => {
        outcomes.set(id, action);
        const message = action === 'approve' ? widgetMessages[kind].approved : widgetMessages[kind].cancelled;
        const body: WidgetCallback = { digio_doc_id: id, message, ...(action === 'cancel' ? { error_code: 'CANCELLED' } : {}) };
        return { status: 200, body };
      });
    }
    return id;
  };
  if (kind !== 'esign') {
    server.on(`POST /user/initiate-workflow/${kind}`, () => ({
      status: 200,
      body: { status: 'requested', identifier: 'me@example.in', requestId: issue(), token: 'GWT-test' },
    }));
  }
  return { issued, outcomes, issue };
}

/** POST /user/verify-workflow/{kind}: approved requests complete the step (the user moves to `next`). */
export function verifyAnswers(server: FakeServer, kind: 'kyc' | 'selfie', fake: SandboxFake, after: Partial<UserDetails>, message: string) {
  server.on(`POST /user/verify-workflow/${kind}`, (request: FakeRequest): Reply => {
    const id = String(request.body.requestId);
    if (!fake.issued.includes(id)) return errorReply(404, 'Verification request not found');
    const outcome = fake.outcomes.get(id);
    if (outcome === 'cancel') return errorReply(400, widgetMessages[kind].cancelled);
    if (outcome !== 'approve') return errorReply(409, 'Verification is not complete yet, please finish it in the widget');
    return { status: 200, body: { message, user: makeUser(after) } };
  });
}

/** Waits long enough for the widget's credential delay and a lazy screen. */
export const slow = { timeout: 8000 };
