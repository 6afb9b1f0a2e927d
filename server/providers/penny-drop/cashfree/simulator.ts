import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { cashfreeNameGrade, cashfreeSimulatorCredentials } from '../../cashfree-shared';
import { simulatedAccount } from '../simulated-accounts';

/**
 * Cashfree's BAV v2 sync on loopback (the documents client.ts follows): the same path, headers, validation messages and
 * answers. The bank behind it holds the documented sandbox test accounts and the special endings of
 * simulated-accounts.ts; any other account is open in the name asked about, upper-cased as a bank prints it.
 * Not in the docs, so chosen here: a bank that cannot answer is account_status FAILED with BENEFICIARY_BANK_OFFLINE (the
 * status API's documented pair); the branch fields name the IFSC's bank code, the simulator has no branch directory.
 */

export interface CashfreeBavSimulatorDeps {
  delayMs: number;
}

type Answer = { status: 'VALID'; holder: string } | { status: 'INVALID' | 'FAILED'; code: string };

/** Cashfree's documented sandbox accounts (API reference sample; …/sample-responses-from-bank). */
const documentedAccounts: Readonly<Record<string, Answer>> = {
  '26291800001191': { status: 'VALID', holder: 'BHARATHTEST GKUMARUT' },
  '026291800001191': { status: 'VALID', holder: 'JOHN DOE' },
  '7766666585146': { status: 'INVALID', code: 'INVALID_ACCOUNT_FAIL' },
  '7766667287515': { status: 'INVALID', code: 'INVALID_IFSC_FAIL' },
  '7766667989884': { status: 'INVALID', code: 'ACCOUNT_BLOCKED' },
  '7766667755761': { status: 'INVALID', code: 'NRE_ACCOUNT_FAIL' },
};

function answerFor(account: string, name: string): Answer {
  const documented = documentedAccounts[account];
  if (documented) return documented;
  const simulated = simulatedAccount(account);
  if (simulated.kind === 'unavailable') return { status: 'FAILED', code: 'BENEFICIARY_BANK_OFFLINE' };
  if (simulated.kind === 'closed') return { status: 'INVALID', code: 'ACCOUNT_BLOCKED' };
  if (simulated.kind === 'not_found') return { status: 'INVALID', code: 'INVALID_ACCOUNT_FAIL' };
  return { status: 'VALID', holder: simulated.holder ?? (name.toUpperCase() || 'ACCOUNT HOLDER') };
}

/** The documented 400 messages, in the order the docs list them; the first that applies answers. */
function invalid(body: Record<string, unknown>): string | undefined {
  const { bank_account: account, ifsc, name, phone } = body;
  if (typeof name === 'string' && name.length > 100) return 'name can include a maximum of 100 characters.';
  if (typeof name === 'string' && !/^[A-Za-z0-9 .\-/&]*$/.test(name)) return 'name should not include special characters.';
  if (phone !== undefined && (typeof phone !== 'string' || !/^[0-9]*$/.test(phone))) return 'phone should be numeric.';
  if (typeof phone === 'string' && phone.length > 13) return 'phone can include a maximum of 13 characters.';
  if (typeof phone === 'string' && phone.length < 8) return 'phone should include a minimum of 8 characters.';
  if (account === undefined || account === '') return 'bank_account is missing in the request.';
  if (typeof account !== 'string' || !/^[A-Za-z0-9]*$/.test(account)) return 'bank_account should be alphanumeric.';
  if (account.length > 40) return 'bank_account can include a maximum of 40 characters.';
  if (account.length < 6) return 'bank_account should include a minimum of 6 characters.';
  if (ifsc === undefined || ifsc === '') return 'ifsc is missing in the request.';
  if (typeof ifsc !== 'string' || !/^[A-Z]{4}0[A-Z0-9]{6}$/.test(ifsc)) return 'ifsc should be of 11 characters and 5th character should be 0.';
  return undefined;
}

const refuse = (reply: FastifyReply, status: number, message: string) => reply.code(status).send({ message });

export function cashfreeBavRoutes(deps: CashfreeBavSimulatorDeps): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      if (deps.delayMs > 0) await sleep(deps.delayMs);
      const { clientId, clientSecret } = cashfreeSimulatorCredentials;
      if (request.headers['x-client-id'] !== clientId || request.headers['x-client-secret'] !== clientSecret) {
        return refuse(reply, 401, 'Invalid clientId and clientSecret combination');
      }
      return undefined;
    });

    app.post<{ Body: unknown }>('/verification/bank-account/sync', async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const problem = invalid(body);
      if (problem) return refuse(reply, 400, problem);
      const account = String(body.bank_account);
      const ifsc = String(body.ifsc);
      const name = typeof body.name === 'string' ? body.name : '';
      const answer = answerFor(account, name);
      const reference_id = randomInt(1, 2 ** 47);
      if (answer.status !== 'VALID') return reply.send({ reference_id, account_status: answer.status, account_status_code: answer.code });
      const bank = `${ifsc.slice(0, 4)} BANK`;
      return reply.send({
        reference_id,
        name_at_bank: answer.holder,
        bank_name: bank,
        city: 'MUMBAI',
        branch: `${bank} SIMULATED BRANCH`,
        micr: 400000000,
        ...(name ? cashfreeNameGrade(name, answer.holder) : { name_match_score: '', name_match_result: '' }),
        account_status: 'VALID',
        account_status_code: 'ACCOUNT_IS_VALID',
        utr: String(randomInt(10 ** 11, 10 ** 12)),
        ifsc_details: {
          bank,
          ifsc,
          ifsc_subcode: ifsc.slice(0, 5),
          address: `${bank} SIMULATED BRANCH, MUMBAI`,
          city: 'MUMBAI',
          state: 'MAHARASHTRA',
          branch: `${bank} SIMULATED BRANCH`,
          category: 'DIRECT_MEMBER',
          swift_code: '',
          micr: 400000000,
          nbin: 1000,
        },
      });
    });
  };
}
