import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { SimulatorDeps, VendorSettings } from '../../vendor';
import type { DataRange } from '../account-aggregator';
import { simulatedDepositAccount, simulatedMaskedAccount } from './simulated-statement';
import {
  type SimConsent,
  type SimSession,
  bankAnswerFor,
  consentKind,
  delayedDataMs,
  sessionKind,
  specialMobiles,
  statusNow,
} from './simulator-state';

/**
 * Setu's AA gateway (FIU API v2) on loopback: the login service and the FIU API under one prefix, speaking the paths,
 * headers, bodies, statuses and errors of ./fixtures (the documented examples). Tokens last 300 s on the simulator's
 * clock; a consent past its expiry answers 400 'Consent has expired'. See simulator-state.ts for the special mobiles.
 */

/** The credentials the simulator accepts; the client is pointed at it with these. */
export const simulatorCredentials = {
  clientId: 'onboard-sim-fiu',
  clientSecret: 'onboard-sim-fiu-secret',
  productInstanceId: 'onboard-sim-product',
} as const;

const tokenLifetimeMs = 300_000;
const fipId = 'setu-fip';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** ErrorResponse (api-references: errorMsg, errorCode, txnid, timestamp, ver). */
function errorBody(errorCode: string, errorMsg: string, now: number): Json {
  return { errorMsg, errorCode, txnid: randomUUID(), timestamp: new Date(now).toISOString(), ver: '2.0.0' };
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** A JWT the simulator signs with the client secret, as a login token; only its expiry matters. */
function issueToken(clientId: string, now: number): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify({ sub: clientId, iat: Math.floor(now / 1000), exp: Math.floor((now + tokenLifetimeMs) / 1000) }));
  const signature = createHmac('sha256', simulatorCredentials.clientSecret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

function tokenValid(authorization: string | undefined, now: number): boolean {
  const match = /^Bearer ([\w-]+)\.([\w-]+)\.([\w-]+)$/.exec(authorization ?? '');
  if (!match) return false;
  const [, header, payload, signature] = match as unknown as [string, string, string, string];
  const expected = createHmac('sha256', simulatorCredentials.clientSecret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof claims.exp === 'number' && now < claims.exp * 1000;
  } catch {
    return false;
  }
}

function dataRangeOf(value: unknown): DataRange | undefined {
  if (!isObject(value) || typeof value.from !== 'string' || typeof value.to !== 'string') return undefined;
  const from = Date.parse(value.from);
  const to = Date.parse(value.to);
  return Number.isNaN(from) || Number.isNaN(to) || from > to ? undefined : { from: value.from, to: value.to };
}

/** consentDuration (MONTH, YEAR or DAY) from `now`; a month when none was asked for (the Bridge's template). */
function expiryOf(duration: unknown, now: number): number {
  const unit = isObject(duration) ? duration.unit : undefined;
  const value = isObject(duration) && Number.isInteger(duration.value) && Number(duration.value) > 0 ? Number(duration.value) : 1;
  const date = new Date(now);
  if (unit === 'DAY') return now + value * 86_400_000;
  if (unit === 'YEAR') date.setUTCFullYear(date.getUTCFullYear() + value);
  else date.setUTCMonth(date.getUTCMonth() + value);
  return date.getTime();
}

/** The account the simulator's bank links to an approved consent (ConsentResponseConsentDetailAccountsItem). */
export function linkedAccount(consent: SimConsent): Json {
  return { maskedAccNumber: simulatedMaskedAccount(consent.id), accType: 'SAVINGS', fipId, fiType: 'DEPOSIT', linkRefNumber: `link-${consent.id}` };
}

const within = (inner: DataRange, outer: DataRange) => Date.parse(inner.from) >= Date.parse(outer.from) && Date.parse(inner.to) <= Date.parse(outer.to);

/** The consent page's address: the app's own origin, where the simulator's pages are mounted (/sim/<vendor>). */
export const consentPagePath = (consentId: string) => `/v2/consents/webview/${encodeURIComponent(consentId)}`;

export interface SetuAaSimulatorOptions {
  /** Where the browser reaches the simulator's pages: `${publicUrl}/sim/<vendor>`. */
  pagesUrl: string;
}

export function setuAaSimulatorRoutes(deps: SimulatorDeps, options: SetuAaSimulatorOptions): FastifyPluginAsync {
  const { store, clock } = deps;
  const latency = (consent?: SimConsent) => sleep(consent?.slow ? deps.slowDelayMs : deps.delayMs);

  /**
   * ConsentResponseV2 as each documented example shows it: 'created' (the create answer, detail in full), 'read' (GET:
   * detail holds vua, start and expiry), 'expanded' (GET ?expanded=true: detail in full, usage).
   */
  function consentBody(consent: SimConsent, now: number, view: 'created' | 'read' | 'expanded'): Json {
    const status = statusNow(consent, now);
    const dates = { consentStart: new Date(consent.createdAt).toISOString(), consentExpiry: new Date(consent.expiresAt).toISOString(), vua: `${consent.mobile}@onemoney` };
    const detail = view === 'read' ? dates : { ...consent.terms, ...dates, dataRange: consent.dataRange };
    const accountsLinked = status === 'ACTIVE' ? [linkedAccount(consent)] : [];
    return {
      id: consent.id,
      url: `${options.pagesUrl}${consentPagePath(consent.id)}`,
      status,
      detail,
      ...(view === 'created' ? { redirectUrl: consent.redirectUrl } : {}),
      context: [],
      ...(view === 'read' ? {} : { usage: { count: String(consent.sessions.length), lastUsed: null } }),
      accountsLinked,
      tags: [],
      traceId: randomUUID(),
    };
  }

  /** The session's status and, once the bank has answered, its accounts (FIDataFetchResponseV2). */
  function sessionBody(session: SimSession, consent: SimConsent, now: number): Json {
    const answer = consent.bankAnswer;
    const ready = answer !== 'delayed' || now >= session.createdAt + delayedDataMs;
    const account = { linkRefNumber: `link-${consent.id}`, maskedAccNumber: simulatedMaskedAccount(consent.id) };
    let status: string;
    let fips: Json[] | null;
    if (answer === 'no_data') {
      status = 'FAILED';
      fips = [{ fipID: fipId, accounts: [{ ...account, FIstatus: 'DENIED', data: null }] }];
    } else if (!ready) {
      status = 'PENDING';
      fips = null;
    } else {
      status = 'COMPLETED';
      const kind = answer === 'low_income' ? 'low_income' : 'salary';
      fips = [{ fipID: fipId, accounts: [{ ...account, FIstatus: 'READY', data: { account: simulatedDepositAccount(consent.id, kind, session.dataRange, consent.mobile) } }] }];
    }
    return { id: session.id, consentId: session.consentId, format: 'json', status, dataRange: session.dataRange, fips };
  }

  return async (app) => {
    app.post('/v1/users/login', async (request, reply) => {
      await latency();
      const now = clock();
      const body = isObject(request.body) ? request.body : {};
      const known = body.clientID === simulatorCredentials.clientId && body.secret === simulatorCredentials.clientSecret;
      if (request.headers.client !== 'bridge' || body.grant_type !== 'client_credentials' || !known) {
        return reply.code(400).send(errorBody('InvalidRequest', 'Invalid client credentials', now));
      }
      return { access_token: issueToken(simulatorCredentials.clientId, now), refresh_token: issueToken(simulatorCredentials.clientId, now) };
    });

    await app.register(async (fiu) => {
      // Every FIU call: a live bearer token (401 otherwise) and this product's instance id (404, as documented).
      fiu.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
        const now = clock();
        if (!tokenValid(request.headers.authorization, now)) return reply.code(401).send(errorBody('Unauthorized', 'Invalid or expired token', now));
        if (request.headers['x-product-instance-id'] !== simulatorCredentials.productInstanceId) {
          return reply.code(404).send({ traceId: randomUUID(), errorCode: 'NotFound', errorMsg: 'Config not found for provided product instance. Please check the product instance id' });
        }
        return undefined;
      });

      fiu.post('/v2/consents', async (request, reply) => {
        const body = isObject(request.body) ? request.body : {};
        const mobile = typeof body.vua === 'string' ? /^(\d{10})(@[a-z-]+)?$/.exec(body.vua)?.[1] : undefined;
        const dataRange = dataRangeOf(body.dataRange);
        const slow = mobile?.endsWith(specialMobiles.slow) ?? false;
        await (slow ? sleep(deps.slowDelayMs) : latency());
        const now = clock();
        if (!mobile || !dataRange) return reply.code(400).send(errorBody('InvalidRequest', 'Invalid request body', now));
        if (mobile.endsWith(specialMobiles.unavailable)) {
          return reply.code(500).send(errorBody('InternalServerError', 'An internal server error has occurred, please try again in some time. You can report this to aa@setu.co', now));
        }
        const { vua: _vua, dataRange: _range, redirectUrl, consentDuration, context: _context, ...terms } = body;
        const consent: SimConsent = {
          id: randomUUID(),
          mobile,
          // A bare mobile lets the applicant pick a bank first (INITIATED); 3333: the AA could not create it.
          status: mobile.endsWith(specialMobiles.choosesBankFirst) ? 'INITIATED' : mobile.endsWith(specialMobiles.consentFails) ? 'FAILED' : 'PENDING',
          bankAnswer: bankAnswerFor(mobile),
          slow,
          redirectUrl: typeof redirectUrl === 'string' && redirectUrl ? redirectUrl : 'https://setu.co/',
          dataRange,
          terms,
          createdAt: now,
          expiresAt: expiryOf(consentDuration, now),
          sessions: [],
        };
        await store.insert(consentKind, consent.id, consent);
        // The create answer is written before the upstream AA fails (a FAILED consent shows on the next read).
        return reply.code(201).send({ ...consentBody(consent, now, 'created'), status: consent.status === 'FAILED' ? 'PENDING' : consent.status });
      });

      fiu.get<{ Params: { id: string }; Querystring: { expanded?: string } }>('/v2/consents/:id', async (request, reply) => {
        const consent = await store.get<SimConsent>(consentKind, request.params.id);
        await latency(consent);
        const now = clock();
        if (!consent) return reply.code(404).send({ traceId: randomUUID(), errorCode: 'NotFound', errorMsg: 'Consent not found' });
        if (statusNow(consent, now) === 'EXPIRED') return reply.code(400).send(errorBody('Invalid request', 'Consent has expired', now));
        return consentBody(consent, now, request.query.expanded === 'true' ? 'expanded' : 'read');
      });

      fiu.get<{ Params: { id: string } }>('/v2/consents/:id/data-sessions', async (request, reply) => {
        const consent = await store.get<SimConsent>(consentKind, request.params.id);
        await latency(consent);
        if (!consent) return reply.code(404).send({ traceId: randomUUID(), errorCode: 'NotFound', errorMsg: 'Consent not found' });
        const sessions = await Promise.all(consent.sessions.map((id) => store.get<SimSession>(sessionKind, id)));
        const now = clock();
        const dataSessions = sessions
          .filter((session): session is SimSession => session !== undefined)
          .reverse()
          .map((session) => ({ sessionId: session.id, status: sessionBody(session, consent, now).status, created_at: new Date(session.createdAt).toISOString() }));
        return { consentId: consent.id, dataSessions, traceId: randomUUID() };
      });

      fiu.post('/v2/sessions', async (request, reply) => {
        const body = isObject(request.body) ? request.body : {};
        const consent = typeof body.consentId === 'string' ? await store.get<SimConsent>(consentKind, body.consentId) : undefined;
        await latency(consent);
        const now = clock();
        const dataRange = dataRangeOf(body.dataRange);
        if (!dataRange || (body.format !== 'json' && body.format !== 'xml')) return reply.code(400).send(errorBody('InvalidRequest', 'Invalid request body', now));
        if (!consent) return reply.code(404).send({ traceId: randomUUID(), errorCode: 'NotFound', errorMsg: 'Consent not found' });
        if (statusNow(consent, now) !== 'ACTIVE') return reply.code(400).send(errorBody('InvalidRequest', `Consent '${consent.id}' is not ready`, now));
        // The simulator's bank answers JSON only; its range must lie within the consent's, as documented.
        if (body.format !== 'json' || !within(dataRange, consent.dataRange)) return reply.code(400).send(errorBody('InvalidRequest', 'Invalid request body', now));
        const session: SimSession = { id: randomUUID(), consentId: consent.id, dataRange, createdAt: now };
        await store.insert(sessionKind, session.id, session);
        await store.update<SimConsent>(consentKind, consent.id, (current) => ({ ...current, sessions: [...current.sessions, session.id] }));
        return reply.code(201).send({ format: 'json', fips: null, dataRange, id: session.id, status: 'PENDING', consentId: consent.id, traceId: randomUUID() });
      });

      fiu.get<{ Params: { id: string } }>('/v2/sessions/:id', async (request, reply) => {
        const session = await store.get<SimSession>(sessionKind, request.params.id);
        const consent = session ? await store.get<SimConsent>(consentKind, session.consentId) : undefined;
        await latency(consent);
        if (!session || !consent) return reply.code(404).send({ traceId: randomUUID(), errorCode: 'NotFound', errorMsg: 'Consent not found' });
        return sessionBody(session, consent, clock());
      });
    });
  };
}

/** The client's settings for a simulator at `baseUrl`: the login service and the FIU API are both there. */
export function setuAaSimulatorSettings(baseUrl: string): VendorSettings {
  return {
    SETU_AA_BASE_URL: baseUrl,
    SETU_AUTH_URL: baseUrl,
    SETU_AA_CLIENT_ID: simulatorCredentials.clientId,
    SETU_AA_CLIENT_SECRET: simulatorCredentials.clientSecret,
    SETU_AA_PRODUCT_INSTANCE_ID: simulatorCredentials.productInstanceId,
  };
}
