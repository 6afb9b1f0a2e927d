import type { UserDetails } from '../../../core/api/types';
import type { FlowConfig } from '../../../core/engine/flow-types';
import { stepAfter } from '../../../core/engine/flow';
import { adapterFrom, errorReply, type FakeRequest, type Handler, type Reply } from './adapter';

export const MOBILE_OTP = '1234';
export const EMAIL_OTP = '4321';

export function makeUser(overrides: Partial<UserDetails> = {}): UserDetails {
  return {
    id: 'user-1',
    phone: '9876543210',
    email: null,
    name: null,
    pan: null,
    dateOfBirth: null,
    currentStep: 'mobile_verification',
    nextStep: 'email_verification',
    gender: null,
    maritalStatus: null,
    occupation: null,
    incomeSegment: null,
    tradingExperience: null,
    fatherName: null,
    motherName: null,
    segments: [],
    taxResidentOutsideIndia: null,
    taxResidencies: [],
    placeOfBirth: null,
    countryOfBirth: null,
    rejectedSteps: {},
    ...overrides,
  };
}

/**
 * A small in-memory stand-in for the API, answering at the axios adapter (the network boundary).
 * Steps advance with the engine over the same flow config the client renders, as the real server does.
 */
export class FakeServer {
  readonly requests: FakeRequest[] = [];
  private readonly users = new Map<string, UserDetails>();
  private readonly overrides = new Map<string, Handler>();
  readonly adapter = adapterFrom((request) => this.handle(request));

  constructor(private readonly flow: FlowConfig) {}

  addUser(overrides: Partial<UserDetails> = {}): UserDetails {
    const user = makeUser(overrides);
    this.users.set(user.phone, user);
    return user;
  }

  /** A signed-in session for `user`: its auth token. */
  tokenFor(user: UserDetails): string {
    return `auth-${user.phone}`;
  }

  /** Replace one route's answer, e.g. on('POST /login', () => errorReply(429, 'too many requests')). */
  on(route: string, handler: Handler): this {
    this.overrides.set(route, handler);
    return this;
  }

  calls(route: string): FakeRequest[] {
    return this.requests.filter((request) => `${request.method} ${request.path}` === route);
  }

  private userByToken(request: FakeRequest): UserDetails | undefined {
    const token = request.headers['x-access-token'];
    return token?.startsWith('auth-') ? this.users.get(token.slice(5)) : undefined;
  }

  private advance(user: UserDetails, step: string): void {
    user.currentStep = step;
    user.nextStep = stepAfter(this.flow, step) ?? user.nextStep;
  }

  private handle(request: FakeRequest): Reply | Promise<Reply> {
    this.requests.push(request);
    const route = `${request.method} ${request.path}`;
    const override = this.overrides.get(route);
    if (override) return override(request);
    const phone = String(request.body.phone ?? '');
    switch (route) {
      case 'POST /login':
        return this.users.has(phone) ? { status: 200, body: { token: `verify-${phone}`, message: 'otp sent' } } : errorReply(404, 'mobile number not registered');
      case 'POST /signup':
        this.addUser({ id: `user-${phone}`, phone, currentStep: null, nextStep: this.flow.steps[0]!.id });
        return { status: 200, body: { token: `verify-${phone}`, message: 'otp sent' } };
      case 'POST /verify/mobile-otp': {
        const user = this.users.get(phone);
        if (!user || request.headers['x-verify-token'] !== `verify-${phone}`) return errorReply(401, 'unauthorized');
        if (request.body.otp !== MOBILE_OTP) return errorReply(400, 'invalid otp');
        if (user.currentStep === null) this.advance(user, 'mobile_verification');
        return { status: 200, body: { user: structuredClone(user), token: this.tokenFor(user) } };
      }
      case 'POST /resend-mobile-otp':
        return { status: 200, body: { message: 'otp sent' } };
      case 'POST /logout':
        return { status: 200, body: { message: 'logged out' } };
    }
    const user = this.userByToken(request);
    if (!user) return errorReply(401, 'unauthorized');
    switch (route) {
      case 'GET /user':
        return { status: 200, body: { user: structuredClone(user) } };
      case 'POST /user/add-email':
      case 'POST /user/resend-email-otp':
        return { status: 200, body: { message: 'otp sent' } };
      case 'POST /user/verify-email':
        if (request.body.otp !== EMAIL_OTP) return errorReply(400, 'invalid otp');
        user.email = String(request.body.email);
        this.advance(user, 'email_verification');
        return { status: 200, body: { message: 'email verified', user: structuredClone(user) } };
    }
    return errorReply(404, `no fake for ${route}`);
  }
}
