import { waitFor } from '@testing-library/react';
import type { WidgetCallback } from '../../../src/api/identity';
import type { DigioOptions } from '../../../src/identity/digio-sdk';
import type { UserDetails } from '../../../core/api/types';
import { errorReply, type FakeRequest, type Reply } from '../../app/support/adapter';
import { makeUser, type FakeServer } from '../../app/support/fake-server';

/**
 * Digio's Web SDK as the screens see it, in jsdom: `window.Digio` with its documented interface (constructor options,
 * `init()`, `submit(requestId, identifier, token)`, `cancel()`, one callback), the applicant's part played by the test
 * through `answer`. The SDK's own dialog is the simulator's (tests/screens/digio-simulator-sdk.test.tsx, and the real
 * browser in tests/e2e/identity.e2e.ts).
 */
export interface FakeDigio {
  /** Request ids handed out, in order (KID1... for KYC and selfie, DID1... for documents). */
  issued: string[];
  /** Every SDK call in order: 'new sandbox', 'init', 'submit KID1 me@example.in GWT-KID1', 'cancel'. */
  calls: string[];
  /** What the applicant did, by request id. */
  outcomes: Map<string, 'approve' | 'cancel'>;
  /** The options the screen constructed the SDK with, last first. */
  options: DigioOptions[];
  /** Hands out the next request id. */
  issue(): string;
  /** The applicant finishes in the SDK once a request was submitted: its callback, as Digio words it ('none': an empty one). */
  answer(action: 'approve' | 'cancel' | 'none'): Promise<void>;
}

const words = {
  kyc: { approved: 'KYC process completed', cancelled: 'KYC Process Cancelled' },
  selfie: { approved: 'KYC process completed', cancelled: 'KYC Process Cancelled' },
  esign: { approved: 'Sign Successful', cancelled: 'Signing cancelled' },
} as const;

export const simulatorSdkUrl = '/sim/digio/sdk/v11/digio.js';

/** GET /identity/widget names the simulator's SDK; `window.Digio` is already there, so no script is added. */
export function fakeDigio(server: FakeServer, kind: 'kyc' | 'selfie' | 'esign'): FakeDigio {
  const issued: string[] = [];
  const calls: string[] = [];
  const outcomes = new Map<string, 'approve' | 'cancel'>();
  const options: DigioOptions[] = [];
  let submitted: { requestId: string; callback: (response: unknown) => void } | undefined;
  server.on('GET /identity/widget', () => ({ status: 200, body: { sdkUrl: simulatorSdkUrl, environment: 'sandbox' } }));
  window.Digio = class {
    constructor(private readonly given: DigioOptions) {
      options.unshift(given);
      calls.push(`new ${given.environment}`);
    }
    init() {
      calls.push('init');
    }
    submit(requestId: string, identifier: string, token: string) {
      calls.push(`submit ${requestId} ${identifier} ${token}`);
      submitted = { requestId, callback: this.given.callback };
    }
    cancel() {
      calls.push('cancel');
    }
  };
  const prefix = kind === 'esign' ? 'DID' : 'KID';
  const issue = (): string => {
    const id = `${prefix}${issued.length + 1}`;
    issued.push(id);
    return id;
  };
  if (kind !== 'esign') {
    server.on(`POST /user/initiate-workflow/${kind}`, () => {
      const requestId = issue();
      return { status: 200, body: { status: 'requested', identifier: 'me@example.in', requestId, token: `GWT-${requestId}` } };
    });
  }
  return {
    issued,
    calls,
    outcomes,
    options,
    issue,
    async answer(action) {
      await waitFor(() => {
        if (!submitted) throw new Error('nothing submitted to the SDK yet');
      }, slow);
      const { requestId, callback } = submitted!;
      submitted = undefined;
      if (action === 'none') return callback({});
      outcomes.set(requestId, action);
      const response: WidgetCallback =
        action === 'approve' ? { digio_doc_id: requestId, message: words[kind].approved } : { digio_doc_id: requestId, error_code: 'CANCELLED', message: words[kind].cancelled };
      callback(response);
    },
  };
}

/** POST /user/verify-workflow/{kind}: a request the applicant approved completes the step (the user moves to `next`). */
export function verifyAnswers(server: FakeServer, kind: 'kyc' | 'selfie', fake: FakeDigio, after: Partial<UserDetails>, message: string) {
  server.on(`POST /user/verify-workflow/${kind}`, (request: FakeRequest): Reply => {
    const id = String(request.body.requestId);
    if (!fake.issued.includes(id)) return errorReply(404, 'Verification request not found');
    if (fake.outcomes.get(id) !== 'approve') return errorReply(409, 'Verification is not complete yet, please finish it in the widget');
    return { status: 200, body: { message, user: makeUser(after) } };
  });
}

/** Waits long enough for the widget's credential delay and a lazy screen. */
export const slow = { timeout: 8000 };
