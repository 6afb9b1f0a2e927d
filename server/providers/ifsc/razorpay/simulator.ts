import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsync } from 'fastify';
import { bankName } from '../../../bank/bank-directory';
import { type BranchRecord, parseBranchCsv } from '../../../bank/branch-records';
import { findBranchSnapshot, readBranchFile } from '../../../bank/branch-snapshot';
import type { HttpSimulator, SimulatorDeps } from '../../vendor';

/**
 * Razorpay's IFSC API on loopback (client.ts has the documentation it follows), answering from the branch data this
 * repository ships (server/bank/data, itself built from Razorpay's public-domain IFSC dataset): the fields that data
 * holds, a missing value as the dataset's "NA" (CONTACT and MICR as null), IMPS true (the dataset's default for every
 * branch); NEFT, RTGS, UPI, SWIFT and ISO3166 are left out, as the shipped data does not hold them. An unknown code is
 * 404 "Not Found". The data is read on the first lookup, once per process.
 */

let snapshot: string | undefined;

/** One branch of the shipped data: its row found in the file's text (kept, ~20 MB), then parsed alone. */
function shippedBranch(ifsc: string): BranchRecord | undefined {
  snapshot ??= readBranchFile(findBranchSnapshot());
  const at = snapshot.indexOf(`\n${ifsc},`);
  if (at < 0) return undefined;
  const header = snapshot.slice(0, snapshot.indexOf('\n'));
  // A row is far shorter than this; the parser reads whole rows only, quoted line breaks included.
  return parseBranchCsv(`${header}${snapshot.slice(at, at + 4096)}`).records.find((record) => record.ifsc === ifsc);
}

const orNA = (value: string) => value || 'NA';

/** A branch as the API answers it. */
export function razorpayBranch(record: BranchRecord): Record<string, string | boolean | null> {
  return {
    BANK: record.bank || bankName(record.bankCode) || 'NA',
    IFSC: record.ifsc,
    BRANCH: orNA(record.branch),
    ADDRESS: orNA(record.address),
    CITY: orNA(record.city),
    DISTRICT: orNA(record.district),
    STATE: orNA(record.state),
    MICR: record.micr || null,
    CONTACT: record.contact || null,
    BANKCODE: record.bankCode,
    IMPS: true,
  };
}

export function razorpayIfscRoutes(deps: SimulatorDeps, find: (ifsc: string) => BranchRecord | undefined = shippedBranch): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { ifsc: string } }>('/:ifsc', async (request, reply) => {
      if (deps.delayMs > 0) await sleep(deps.delayMs);
      const record = find(request.params.ifsc.toUpperCase());
      if (!record) return reply.code(404).type('application/json').send(JSON.stringify('Not Found'));
      return razorpayBranch(record);
    });
  };
}

export const razorpayIfscSimulator: HttpSimulator<never> = {
  covers:
    '`GET /{IFSC}` answered from the branch data this repository ships (server/bank/data): the fields it holds, a missing value as the dataset\'s "NA" (CONTACT and MICR as null), IMPS true; NEFT, RTGS, UPI, SWIFT and ISO3166 left out (the shipped data lacks them); an unknown code 404 "Not Found".',
  defaultDelayMs: 100,
  routes: (deps) => razorpayIfscRoutes(deps),
  settings: (baseUrl) => ({ RAZORPAY_IFSC_BASE_URL: baseUrl }),
};
