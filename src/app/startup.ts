import type { MessageCode } from '../../core/engine/message-codes';
import type { Tracking } from '../state/account';
import { digitsOnly, isCompleteMobile, MOBILE_LENGTH } from '../text/validation';

/** The e-mailed re-KYC link: ?context=income_declaration&data=<base64 of 'phone:id'>. */
export const REKYC_CONTEXT = 'income_declaration';
export const REKYC_ROUTE = '/rekyc/income-proof/upload';

export interface StartupInput {
  search: string;
  signedIn: boolean;
  loginRoute: string;
}

/** What the first page load must store and where it must go; applied once by the app shell. */
export interface StartupPlan {
  prefillPhone?: string;
  rekycId?: string;
  redirectAfterLogin?: string;
  navigate?: string;
  tracking?: Tracking;
  /** What to tell the visitor about the link they came with (a re-KYC link that is not one). */
  problem?: MessageCode;
}

export interface LinkData {
  phone: string;
  /** Undefined when the first part is not 10 characters: the re-KYC screen then uses the user's own id. */
  id?: string;
}

/** Decodes base64 (standard or URL-safe) 'phone:id'; null when it is not that shape. */
export function decodeLinkData(data: string): LinkData | null {
  let decoded: string;
  try {
    const normalised = data.trim().replace(/-/g, '+').replace(/_/g, '/');
    decoded = atob(normalised.padEnd(Math.ceil(normalised.length / 4) * 4, '='));
  } catch {
    return null;
  }
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const phone = decoded.slice(0, colon);
  const id = decoded.slice(colon + 1);
  return phone.length === MOBILE_LENGTH && id ? { phone, id } : { phone };
}

function readTracking(params: URLSearchParams): Tracking | undefined {
  const referrer = params.get('referrer') ?? undefined;
  const source = params.get('source') ?? undefined;
  if (!referrer && !source) return undefined;
  return { ...(referrer ? { referrer } : {}), ...(source ? { source } : {}) };
}

/** Start-up rules of spec section 4 as data: ?mobile= and the re-KYC link; referrer and source are kept. */
export function planStartup({ search, signedIn, loginRoute }: StartupInput): StartupPlan {
  const params = new URLSearchParams(search);
  const tracking = readTracking(params);
  const plan: StartupPlan = tracking ? { tracking } : {};

  const data = params.get('data');
  const link = params.get('context') === REKYC_CONTEXT && data ? decodeLinkData(data) : null;
  if (params.get('context') === REKYC_CONTEXT && data !== null && !link) return { ...plan, problem: 'rekyc.malformed' };
  if (link) {
    if (link.id) plan.rekycId = link.id;
    if (signedIn) return { ...plan, navigate: REKYC_ROUTE };
    if (isCompleteMobile(link.phone)) plan.prefillPhone = link.phone;
    return { ...plan, redirectAfterLogin: REKYC_ROUTE, navigate: loginRoute };
  }

  const mobile = params.get('mobile');
  if (mobile !== null) {
    const phone = digitsOnly(mobile, MOBILE_LENGTH);
    if (isCompleteMobile(phone)) plan.prefillPhone = phone;
    return { ...plan, navigate: loginRoute };
  }
  return plan;
}
