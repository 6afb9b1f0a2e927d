import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { SimulatorStore } from '../../simulator-store';
import { simulatedAccount } from '../simulated-accounts';
import { settingsFor } from '../../setting-names';
import { razorpayxSettings } from './client';

/**
 * RazorpayX Fund Account Validation on loopback (the documents client.ts follows): contacts and fund accounts with
 * their documented de-duplication, a validation that answers 'created' and completes after the simulated latency, the
 * documented entity, error object and Basic auth. The bank behind it holds the special endings of
 * simulated-accounts.ts; RazorpayX reports only 'active' or 'invalid', so a closed account reads 'invalid' here too.
 * Records live in the simulator store (kinds contact, fund_account, validation).
 * Not in the docs, so chosen here: the words of validation errors (their code, source and reason are documented);
 * a failed validation carries the composite API's documented gateway_technical_error details.
 */

export interface RazorpayxSimulatorDeps {
  store: SimulatorStore;
  clock: () => number;
  delayMs: number;
}

/** What the simulator accepts; the account number is the docs' sample customer identifier. */
export const razorpayxSimulatorCredentials = { keyId: 'rzp_test_simulator', keySecret: 'razorpayx-sim-secret', accountNumber: '7878780080316316' };

/** The settings that point the client at a simulator listening at `baseUrl`. */
export const razorpayxSimulatorSettings = (baseUrl: string) => settingsFor(razorpayxSettings.names, { baseUrl, ...razorpayxSimulatorCredentials });

interface Contact {
  id: string;
  name: string;
  type: string | null;
  reference_id: string | null;
  created_at: number;
}

interface FundAccount {
  id: string;
  contact_id: string;
  bank_account: { name: string; ifsc: string; account_number: string };
  created_at: number;
}

interface Validation {
  id: string;
  fund_account_id: string;
  amount: number;
  notes: Record<string, string>;
  created_at: number;
  /** Real time (ms) when the bank's answer is in: the simulated latency, whatever the app's clock says. */
  completes_at: number;
}

const seconds = (ms: number) => Math.floor(ms / 1000);
/** Razorpay's ids: a prefix and 14 letters or digits. */
const randomId = (prefix: string) => `${prefix}${randomBytes(12).toString('base64').replace(/[^A-Za-z0-9]/g, '').slice(0, 14).padEnd(14, '0')}`;
/** The same details give the same id: the documented de-duplication of contacts and fund accounts. */
const sameDetailsId = (prefix: string, details: unknown) =>
  `${prefix}${createHash('sha256').update(JSON.stringify(details)).digest('base64').replace(/[^A-Za-z0-9]/g, '').slice(0, 14)}`;

const nameRule = /^[A-Za-z0-9 ’\-_/().]*[A-Za-z0-9 .)]$/;

function error(reply: FastifyReply, status: number, description: string, source = 'business', reason = 'input_validation_failed') {
  return reply.code(status).send({ error: { code: 'BAD_REQUEST_ERROR', description, source, step: 'NA', reason, metadata: {} } });
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function fundAccountEntity(account: FundAccount) {
  return {
    id: account.id,
    entity: 'fund_account',
    contact_id: account.contact_id,
    account_type: 'bank_account',
    bank_account: { name: account.bank_account.name, bank_name: account.bank_account.ifsc.slice(0, 4), ifsc: account.bank_account.ifsc, account_number: account.bank_account.account_number },
    batch_id: null,
    active: true,
    created_at: account.created_at,
  };
}

/** The validation entity: 'created' until the bank answered, then what the simulated account says. */
function validationEntity(validation: Validation, account: FundAccount) {
  const base = { id: validation.id, entity: 'fund_account.validation', fund_account: fundAccountEntity(account), amount: validation.amount, currency: 'INR', notes: validation.notes };
  const pending = { account_status: null, registered_name: null };
  if (Date.now() < validation.completes_at) return { ...base, status: 'created', results: pending, created_at: validation.created_at, utr: null };
  const simulated = simulatedAccount(account.bank_account.account_number);
  if (simulated.kind === 'unavailable') {
    return {
      ...base,
      status: 'failed',
      results: { account_status: '', registered_name: '' },
      status_details: {
        description: 'Validation failed due to a temporary technical issue at the partner bank. Please retry after 30 min.',
        source: 'gateway',
        reason: 'gateway_technical_error',
      },
      created_at: validation.created_at,
      utr: null,
    };
  }
  const open = simulated.kind === 'open';
  const registered = open ? (simulated.holder ?? account.bank_account.name.toUpperCase()) : '';
  return {
    ...base,
    status: 'completed',
    results: { account_status: open ? 'active' : 'invalid', registered_name: registered },
    created_at: validation.created_at,
    // A UTR only when money moved; 12 digits like IMPS's.
    utr: open ? String(Number.parseInt(randomBytes(5).toString('hex'), 16) % 10 ** 12).padStart(12, '0') : null,
  };
}

export function razorpayxRoutes(deps: RazorpayxSimulatorDeps): FastifyPluginAsync {
  const { store, clock } = deps;
  const basic = `Basic ${Buffer.from(`${razorpayxSimulatorCredentials.keyId}:${razorpayxSimulatorCredentials.keySecret}`).toString('base64')}`;
  return async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      if (deps.delayMs > 0) await sleep(deps.delayMs);
      if (request.headers.authorization !== basic) return error(reply, 401, 'The api key provided is invalid', 'NA', 'NA');
      return undefined;
    });

    app.post<{ Body: unknown }>('/v1/contacts', async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const name = text(body.name);
      if (!name || name.length < 3 || name.length > 50 || !nameRule.test(name)) return error(reply, 400, 'The name field is invalid.');
      const details = { name, email: text(body.email) ?? null, contact: text(body.contact) ?? null, type: text(body.type) ?? null, reference_id: text(body.reference_id) ?? null };
      const contact: Contact = { id: sameDetailsId('cont_', details), name, type: details.type, reference_id: details.reference_id, created_at: seconds(clock()) };
      await store.insert('contact', contact.id, contact);
      const stored = (await store.get<Contact>('contact', contact.id)) ?? contact;
      return reply.send({ ...stored, entity: 'contact', contact: details.contact, email: details.email, batch_id: null, active: true, notes: [] });
    });

    app.post<{ Body: unknown }>('/v1/fund_accounts', async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const contactId = text(body.contact_id);
      if (!contactId || !(await store.get<Contact>('contact', contactId))) return error(reply, 400, 'The id provided does not exist');
      if (body.account_type !== 'bank_account') return error(reply, 400, 'The account type field is invalid.');
      const bank = (body.bank_account ?? {}) as Record<string, unknown>;
      const name = text(bank.name);
      const ifsc = text(bank.ifsc);
      const accountNumber = text(bank.account_number);
      if (!name || name.length < 3 || name.length > 120 || !nameRule.test(name)) return error(reply, 400, 'The bank account name field is invalid.');
      if (!ifsc || !/^[A-Z]{4}0[A-Z0-9]{6}$/.test(ifsc)) return error(reply, 400, 'The ifsc field is invalid.');
      if (!accountNumber || !/^[A-Za-z0-9]{5,35}$/.test(accountNumber)) return error(reply, 400, 'The account number field is invalid.');
      const bankAccount = { name, ifsc, account_number: accountNumber };
      const account: FundAccount = { id: sameDetailsId('fa_', { contactId, bankAccount }), contact_id: contactId, bank_account: bankAccount, created_at: seconds(clock()) };
      await store.insert('fund_account', account.id, account);
      const stored = (await store.get<FundAccount>('fund_account', account.id)) ?? account;
      const { bank_account: shown, ...entity } = fundAccountEntity(stored);
      return reply.send({ ...entity, bank_account: { ifsc: shown.ifsc, bank_name: shown.bank_name, name: shown.name, account_number: shown.account_number, notes: [] } });
    });

    app.post<{ Body: unknown }>('/v1/fund_accounts/validations', async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (body.account_number !== razorpayxSimulatorCredentials.accountNumber) return error(reply, 400, 'The account number is invalid.');
      const fundAccountId = text((body.fund_account as Record<string, unknown> | undefined)?.id);
      const account = fundAccountId ? await store.get<FundAccount>('fund_account', fundAccountId) : undefined;
      if (!account) return error(reply, 400, 'The id provided does not exist');
      const amount = body.amount === undefined ? 100 : body.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) return error(reply, 400, 'The amount must be at least INR 1.00.');
      const notes = Object.fromEntries(Object.entries((body.notes ?? {}) as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
      const validation: Validation = { id: randomId('fav_'), fund_account_id: account.id, amount, notes, created_at: seconds(clock()), completes_at: Date.now() + deps.delayMs };
      await store.insert('validation', validation.id, validation);
      // Created first, as documented, however quick the bank: the result comes from fetching it.
      return reply.send(validationEntity({ ...validation, completes_at: Infinity }, account));
    });

    app.get<{ Params: { id: string } }>('/v1/fund_accounts/validations/:id', async (request, reply) => {
      const validation = await store.get<Validation>('validation', request.params.id);
      const account = validation ? await store.get<FundAccount>('fund_account', validation.fund_account_id) : undefined;
      if (!validation || !account) return error(reply, 400, 'The id provided does not exist');
      return reply.send(validationEntity(validation, account));
    });
  };
}
