import type { FastifyPluginAsync } from 'fastify';
import { type Bank, ifscPattern } from './bank-directory';
import { maxBranchQueryLength } from './branch-records';
import type { BranchView } from './repositories/branch-search';
import type { BankServices } from './create-bank';
import { resolveBranch, searchBankBranches } from './resolve-branch';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { responses } from '../schemas/common';

const text = { type: 'string' } as const;

const bankListResponse = {
  type: 'array',
  items: { type: 'object', properties: { code: text, name: text }, required: ['code', 'name'] },
} as const;

const branchFields = ['ifsc', 'name', 'address', 'city', 'district', 'state', 'code', 'bank', 'micr', 'contact'] as const;
const branchListResponse = {
  type: 'array',
  items: { type: 'object', properties: Object.fromEntries(branchFields.map((field) => [field, text])), required: [...branchFields] },
} as const;

interface BranchQuery {
  q?: string;
}

/** GET /utils/bank and GET /utils/bank/details/{bankCode}?q=: the bank directory, behind sign-in like every non-public call. */
export function bankUtilsRoutes(_ctx: AppContext, bank: BankServices): FastifyPluginAsync {
  return async (app) => {
    // The list changes only with a release or an import and a restart: serialised once, not per request (its schema's
    // fields exactly, as the response schema would have written them).
    const bankListJson = JSON.stringify(bank.banks.map(({ code, name }): Bank => ({ code, name })));
    app.get('/utils/bank', { schema: { response: responses(bankListResponse) } }, async (_request, reply) => {
      reply.header('cache-control', 'private, max-age=3600').type('application/json; charset=utf-8');
      return bankListJson;
    });

    app.get<{ Params: { bankCode: string }; Querystring: BranchQuery }>(
      '/utils/bank/details/:bankCode',
      {
        schema: {
          params: {
            type: 'object',
            properties: { bankCode: { type: 'string', pattern: '^[A-Za-z]{4}$', errorMessage: 'bank.bankNotFound' } },
            required: ['bankCode'],
          },
          querystring: {
            type: 'object',
            additionalProperties: false,
            properties: { q: { type: 'string', maxLength: maxBranchQueryLength, errorMessage: 'bank.queryTooLong' } },
          },
          response: responses(branchListResponse),
        },
      },
      async (request): Promise<BranchView[]> => {
        const code = request.params.bankCode.toUpperCase();
        if (!bank.bankCodes.has(code)) throw new ApiError(404, 'bank.bankNotFound');
        const q = (request.query.q ?? '').trim().toUpperCase();
        const found = await searchBankBranches(bank, code, q);
        if (found.length > 0 || !ifscPattern.test(q)) return found;
        // A whole IFSC the directory lacks: ask the lookup provider (valid codes only in the sandbox).
        const branch = await resolveBranch(bank, q, request.log, request.deadlineAt);
        return branch && branch.code === code ? [branch] : [];
      },
    );
  };
}
