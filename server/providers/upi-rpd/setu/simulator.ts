import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { SimulatorStore } from '../../simulator-store';
import { type UpiAppControls, type UpiAppPayment, payOnce } from '../upi-app';

/**
 * Setu's reverse penny drop on loopback (the documents client.ts follows): the same paths, headers, bodies, statuses
 * and errors; the documented sandbox mock payment; and, as the applicant's UPI app would cause, a payment that turns
 * the request PAYMENT_SUCCESSFUL and the RPD_VERIFICATION_UPDATE webhook Setu sends about it. Records live in the
 * simulator store (kind 'rpd').
 * Not in the docs, so chosen here: wrong credentials answer 401 in the documented error shape (code 'unauthorized');
 * links stay payable 24 hours (the documented ceiling); the payee is a handle no UPI app resolves, so scanning a
 * simulator QR moves no money.
 */

export interface SetuRpdSimulatorDeps {
  store: SimulatorStore;
  clock: () => number;
  delayMs: number;
}

/** What the simulator accepts, and what `settings` points the client at. */
export const setuSimulatorCredentials = { clientId: 'setu-sim-client', clientSecret: 'setu-sim-secret', productInstanceId: 'setu-sim-instance' };

const kind = 'rpd';
const validForMs = 24 * 3_600_000;
const status = {
  created: 'BAV_REVERSE_PENNY_DROP_CREATED',
  expired: 'BAV_REVERSE_PENNY_DROP_EXPIRED',
  failed: 'BAV_REVERSE_PENNY_DROP_PAYMENT_FAILED',
  paid: 'BAV_REVERSE_PENNY_DROP_PAYMENT_SUCCESSFUL',
} as const;

interface SetuPayment {
  payer: UpiAppPayment['payer'];
  vpa: string;
  transactionId: string;
}

interface SetuRequest {
  id: string;
  upiBillId: string;
  status: (typeof status)[keyof typeof status];
  validUntil: number;
  additionalData: Record<string, string> | null;
  payment: SetuPayment | null;
}

/** The documented sample payer, for the sandbox mock payment (which names none). */
const mockPayer: SetuPayment = {
  payer: { accountNumber: '48097036412', ifsc: 'SBIN0000001', name: 'Eve' },
  vpa: 'test@upi',
  transactionId: '602185974626',
};

/** AWS X-Ray style, as Setu's trace ids are: 1-<seconds in hex>-<24 hex>. */
const traceId = (now: number) => `1-${Math.floor(now / 1000).toString(16)}-${randomBytes(12).toString('hex')}`;

/** validUpto as the docs print it: UTC without a zone, microseconds. */
const validUpto = (at: number) => `${new Date(at).toISOString().slice(0, 23)}000`;

const upiLink = (upiBillId: string) =>
  `upi://pay?pa=setu.simulator@sandbox&pn=SetuSimulator&am=1.00&tr=${upiBillId}&tn=Account%20Verification&cu=INR&mode=04`;

const isFlatStrings = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((entry) => typeof entry === 'string');

function paymentData(payment: SetuPayment) {
  return {
    accountType: 'BANK_ACCOUNT',
    bankAccountType: 'SAVINGS',
    bankAccountIfsc: payment.payer.ifsc,
    bankAccountName: payment.payer.name,
    bankAccountNumber: payment.payer.accountNumber,
    ifscCrossCheck: true,
    payerVpa: payment.vpa,
  };
}

function details(request: SetuRequest, now: number) {
  return {
    status: request.status,
    data: request.payment ? paymentData(request.payment) : null,
    id: request.id,
    shortUrl: `https://sandbox.bills.pe/${request.upiBillId}`,
    upiBillId: request.upiBillId,
    upiLink: upiLink(request.upiBillId),
    validUpto: validUpto(request.validUntil),
    traceId: traceId(now),
    additionalData: request.additionalData,
  };
}

function webhook(request: SetuRequest, payment: SetuPayment, now: number) {
  return {
    event: 'RPD_VERIFICATION_UPDATE',
    timeStamp: new Date(now).toISOString(),
    data: {
      rpd: {
        success: true,
        id: request.id,
        upiBillId: request.upiBillId,
        data: paymentData(payment),
        ...(request.additionalData ? { additionalData: request.additionalData } : {}),
        receiptId: `SIM${randomBytes(16).toString('hex')}`,
        transactionId: payment.transactionId,
      },
    },
    status: status.paid,
    productInstanceId: setuSimulatorCredentials.productInstanceId,
    traceId: traceId(now),
  };
}

const error = (reply: FastifyReply, code: number, name: string, detail: string, now: number) =>
  reply.code(code).send({ error: { code: name, detail, traceId: traceId(now) } });

/** The stored request, expired once its time passed (Setu expires at validUpto). */
async function current(store: SimulatorStore, id: string, now: number): Promise<SetuRequest | undefined> {
  const found = await store.get<SetuRequest>(kind, id);
  if (!found || found.status !== status.created || now < found.validUntil) return found;
  return store.update<SetuRequest>(kind, id, (request) => (request.status === status.created ? { ...request, status: status.expired } : request));
}

export function setuRpdRoutes(deps: SetuRpdSimulatorDeps): FastifyPluginAsync {
  const { store, clock } = deps;
  return async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      if (deps.delayMs > 0) await sleep(deps.delayMs);
      const headers = request.headers;
      const known =
        headers['x-client-id'] === setuSimulatorCredentials.clientId &&
        headers['x-client-secret'] === setuSimulatorCredentials.clientSecret &&
        headers['x-product-instance-id'] === setuSimulatorCredentials.productInstanceId;
      if (!known) return error(reply, 401, 'unauthorized', 'Invalid client credentials', clock());
      return undefined;
    });

    app.post<{ Body: unknown }>('/api/verify/ban/reverse', async (request, reply) => {
      const now = clock();
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (typeof body !== 'object' || (body.additionalData !== undefined && !isFlatStrings(body.additionalData))) {
        return error(reply, 400, 'bad_request', 'Please refer to our docs to send an appropriate request', now);
      }
      const created: SetuRequest = {
        id: randomUUID(),
        upiBillId: randomBytes(11).toString('hex'),
        status: status.created,
        validUntil: now + validForMs,
        additionalData: (body.additionalData as Record<string, string> | undefined) ?? null,
        payment: null,
      };
      await store.insert(kind, created.id, created);
      const { data: _data, additionalData: _additional, ...answer } = details(created, now);
      return reply.code(201).send(answer);
    });

    app.get<{ Params: { id: string } }>('/api/verify/ban/reverse/:id', async (request, reply) => {
      const now = clock();
      const found = await current(store, request.params.id, now);
      if (!found) return error(reply, 404, 'request_not_found', 'Unable to find the BAV reverse penny drop request.', now);
      return reply.send(details(found, now));
    });

    app.post<{ Params: { id: string }; Body: unknown }>('/api/verify/ban/reverse/mock_payment/:id', async (request, reply) => {
      const now = clock();
      const paymentStatus = (request.body as Record<string, unknown> | null)?.paymentStatus;
      if (paymentStatus !== 'successful' && paymentStatus !== 'expired' && paymentStatus !== 'failed') {
        return error(reply, 400, 'invalid_payload', "paymentStatus should be 'expired' or 'successful'", now);
      }
      const found = await current(store, request.params.id, now);
      if (!found) return error(reply, 404, 'request_not_found', 'Unable to find the BAV reverse penny drop request.', now);
      const next = { successful: status.paid, expired: status.expired, failed: status.failed }[paymentStatus];
      await store.update<SetuRequest>(kind, found.id, (stored) =>
        stored.status === status.created ? { ...stored, status: next, payment: next === status.paid ? mockPayer : null } : stored,
      );
      return reply.send({ success: true, traceId: traceId(now) });
    });
  };
}

/** The applicant's UPI app paying a Setu link: the link is used once; the same payment again is a repeated webhook. */
export function setuUpiApp(deps: SetuRpdSimulatorDeps): UpiAppControls {
  const { store, clock } = deps;
  return {
    async pay(vendorRequestId, { payer, paymentId }) {
      const now = clock();
      const found = await current(store, vendorRequestId, now);
      if (!found) return { result: 'unknown' };
      const payment: SetuPayment = { payer, vpa: 'applicant@sandbox', transactionId: paymentId };
      const taken = await payOnce<SetuRequest>(
        store,
        kind,
        vendorRequestId,
        { open: (stored) => stored.status === status.created, paid: (stored) => ({ ...stored, status: status.paid, payment }), paymentIdOf: (stored) => stored.payment?.transactionId },
        paymentId,
      );
      if (!taken?.paid.payment) return { result: 'refused' };
      const { won, paid: after } = taken;
      const paid = taken.paid.payment;
      const body = JSON.stringify(webhook(after, paid, now));
      return { result: won ? 'paid' : 'repeated', webhook: { headers: { 'content-type': 'application/json' }, body } };
    },
  };
}
