import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import QRCode from 'qrcode';
import type { SimulatorStore } from '../../simulator-store';
import { type UpiAppControls, type UpiAppPayment, payOnce } from '../upi-app';
import { cashfreeNameGrade, cashfreeSimulatorCredentials } from '../../cashfree-shared';
import { hmacBase64, signedText } from './client';

/**
 * Cashfree's reverse penny drop on loopback (the documents client.ts follows): create, remitter status, the
 * documented errors, the 10-minute link and its QR image, the name match against the name given at creation, and the
 * webhook with its body signature, sent when the applicant's UPI app pays (the UPI app control). Records live in the
 * simulator store (kind 'rpd').
 * Not in the docs, so chosen here: an unpaid request's status reads PENDING (the client takes any undocumented word
 * as still waiting); an unknown id answers 404 and a reused verification_id 409, each with a message only; the payee is
 * a handle no UPI app resolves, so scanning a simulator QR moves no money.
 */

export interface CashfreeRpdSimulatorDeps {
  store: SimulatorStore;
  clock: () => number;
  delayMs: number;
}

const kind = 'rpd';
const validForMs = 10 * 60_000;

interface CashfreePayment {
  payer: UpiAppPayment['payer'];
  vpa: string;
  utr: string;
  at: number;
}

interface CashfreeRequest {
  verificationId: string;
  refId: number;
  name: string;
  createdAt: number;
  validUntil: number;
  status: 'PENDING' | 'SUCCESS' | 'EXPIRED';
  payment: CashfreePayment | null;
}

/** '2023-06-27T12:34:47+05:30': Cashfree's times are IST with the offset. */
function ist(at: number): string {
  return `${new Date(at + 5.5 * 3_600_000).toISOString().slice(0, 19)}+05:30`;
}

const link = (scheme: string, refId: number) => `${scheme}pa=cashfree.simulator@sandbox&pn=Cashfree&tn=BAV&am=1.00&cu=INR&tr=${refId}`;

function remitterStatus(request: CashfreeRequest) {
  const paid = request.payment;
  const match = paid ? cashfreeNameGrade(request.name, paid.payer.name) : { name_match_score: '', name_match_result: '' };
  return {
    bank_account: paid?.payer.accountNumber ?? '',
    ifsc: paid?.payer.ifsc ?? '',
    upi: paid?.vpa ?? '',
    name_at_bank: paid?.payer.name ?? '',
    verification_id: request.verificationId,
    ref_id: String(request.refId),
    utr: paid?.utr ?? '',
    status: request.status,
    ...match,
    added_on: ist(request.createdAt),
    processed_on: paid ? ist(paid.at) : '',
    penny_collected_on: paid ? ist(paid.at) : '',
    ...(paid ? { reversal_status: 'PENDING', account_type: 'SAVINGS' } : {}),
  };
}

const refuse = (reply: FastifyReply, status: number, body: Record<string, string>) => reply.code(status).send(body);

async function current(store: SimulatorStore, id: string, now: number): Promise<CashfreeRequest | undefined> {
  const found = await store.get<CashfreeRequest>(kind, id);
  if (!found || found.status !== 'PENDING' || now < found.validUntil) return found;
  return store.update<CashfreeRequest>(kind, id, (request) => (request.status === 'PENDING' ? { ...request, status: 'EXPIRED' } : request));
}

export function cashfreeRpdRoutes(deps: CashfreeRpdSimulatorDeps): FastifyPluginAsync {
  const { store, clock } = deps;
  return async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      if (deps.delayMs > 0) await sleep(deps.delayMs);
      const { clientId, clientSecret } = cashfreeSimulatorCredentials;
      if (request.headers['x-client-id'] !== clientId || request.headers['x-client-secret'] !== clientSecret) {
        return refuse(reply, 401, { code: 'authentication_failed', message: 'Invalid clientId and clientSecret combination' });
      }
      return undefined;
    });

    app.post<{ Body: unknown }>('/verification/reverse-penny-drop', async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const verificationId = body.verification_id;
      if (verificationId === undefined || verificationId === '') return refuse(reply, 400, { code: 'verification_id_missing' });
      if (typeof verificationId !== 'string' || !/^[A-Za-z0-9._-]{1,50}$/.test(verificationId)) {
        return refuse(reply, 400, { code: 'verification_id_value_invalid' });
      }
      const now = clock();
      const created: CashfreeRequest = {
        verificationId,
        refId: randomInt(1, 2 ** 47),
        name: typeof body.name === 'string' ? body.name : '',
        createdAt: now,
        validUntil: now + validForMs,
        status: 'PENDING',
        payment: null,
      };
      if (!(await store.insert(kind, verificationId, created))) return refuse(reply, 409, { message: 'verification_id already exists' });
      const upiLink = link('upi://pay?', created.refId);
      const qr = await QRCode.toDataURL(upiLink, { errorCorrectionLevel: 'M', margin: 2, width: 256 });
      return reply.send({
        verification_id: verificationId,
        ref_id: created.refId,
        valid_upto: new Date(created.validUntil).toISOString(),
        upi_link: upiLink,
        gpay: link('tez://upi/pay?', created.refId),
        bhim: link('bhim://upi://pay?', created.refId),
        paytm: link('paytmmp://pay?', created.refId),
        phonepe: link('phonepe://pay?', created.refId),
        qr_code: qr.replace(/^data:image\/png;base64,/, ''),
      });
    });

    app.get<{ Querystring: { verification_id?: string; ref_id?: string } }>('/verification/remitter/status', async (request, reply) => {
      const { verification_id: verificationId, ref_id: refId } = request.query;
      if (!verificationId && !refId) return refuse(reply, 400, { code: 'verification_id_missing' });
      const now = clock();
      let found = verificationId ? await current(store, verificationId, now) : undefined;
      if (!found && refId) {
        const all = await store.list<CashfreeRequest>(kind, 1000);
        const byRef = all.find((entry) => String(entry.data.refId) === refId);
        found = byRef ? await current(store, byRef.id, now) : undefined;
      }
      if (!found) return refuse(reply, 404, { message: 'verification_id does not exist' });
      return reply.send(remitterStatus(found));
    });
  };
}

/** The event's time as the webhook samples print it: '2023-07-19 10:46:16' (IST). */
const eventTime = (at: number) => ist(at).slice(0, 19).replace('T', ' ');

/** The applicant's UPI app paying a Cashfree link within its 10 minutes; the same payment again repeats the webhook. */
export function cashfreeUpiApp(deps: CashfreeRpdSimulatorDeps): UpiAppControls {
  const { store, clock } = deps;
  return {
    async pay(vendorRequestId, { payer, paymentId }) {
      const now = clock();
      const found = await current(store, vendorRequestId, now);
      if (!found) return { result: 'unknown' };
      const payment = { payer, vpa: 'applicant@sandbox', utr: paymentId, at: now };
      const taken = await payOnce<CashfreeRequest>(
        store,
        kind,
        vendorRequestId,
        { open: (stored) => stored.status === 'PENDING', paid: (stored) => ({ ...stored, status: 'SUCCESS', payment }), paymentIdOf: (stored) => stored.payment?.utr },
        paymentId,
      );
      if (!taken) return { result: 'refused' };
      const { won, paid: after } = taken;
      // The webhook sample prints ref_id as a number (the status sample as text).
      const data = { ...remitterStatus(after), ref_id: after.refId };
      const body = JSON.stringify({
        signature: hmacBase64(cashfreeSimulatorCredentials.clientSecret, signedText(data)),
        event_type: 'RPD_BANK_ACCOUNT_VERIFICATION_SUCCESS',
        event_time: eventTime(now),
        version: 'v1',
        data,
      });
      return { result: won ? 'paid' : 'repeated', webhook: { headers: { 'content-type': 'application/json' }, body } };
    },
  };
}
