import type { DepositStatement, DepositTransaction } from '../account-aggregator';

/**
 * The deposit accounts of a Setu data session (GET /v2/sessions/{id}, format json): fips[].accounts[].data.account
 * with `type` deposit (ReBIT deposit schema; api-references/data/account-aggregator.json DepositJSON). Accounts
 * without data (failed, timed out, denied) are left out. Read leniently where the documented samples differ from the
 * schema (a lone object where an array is declared).
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
/** An array as declared, or one object where a sample gives a lone one. */
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : isObject(value) ? [value] : []);

/** '33834.65' → 3383465; amounts are decimal strings on the wire. Undefined for anything else. */
function paiseOf(amount: unknown): number | undefined {
  const match = /^(\d{1,13})(?:\.(\d{1,4}))?$/.exec(str(amount));
  if (!match) return undefined;
  const fraction = (match[2] ?? '').padEnd(4, '0');
  return Number(match[1]) * 100 + Math.round(Number(fraction) / 100);
}

function transactionOf(item: Json): DepositTransaction | undefined {
  const type = str(item.type).toUpperCase();
  const amountPaise = paiseOf(item.amount);
  const at = str(item.transactionTimestamp) || str(item.valueDate);
  if ((type !== 'CREDIT' && type !== 'DEBIT') || amountPaise === undefined || Number.isNaN(Date.parse(at))) return undefined;
  return { type: type === 'CREDIT' ? 'credit' : 'debit', amountPaise, at, narration: str(item.narration), mode: str(item.mode).toUpperCase() };
}

/** The statements of every deposit account that came with data; transactions that cannot be read are left out. */
export function depositStatements(fips: unknown): DepositStatement[] {
  return list(fips).flatMap((fip) =>
    list(fip.accounts).flatMap((entry) => {
      const account = isObject(entry.data) ? entry.data.account : undefined;
      if (!isObject(account) || str(account.type).toLowerCase() !== 'deposit') return [];
      const transactions = isObject(account.transactions) ? list(account.transactions.transaction) : [];
      const summary = isObject(account.summary) ? account.summary : {};
      return [
        {
          maskedAccountNumber: str(account.maskedAccNumber) || str(entry.maskedAccNumber),
          bank: str(fip.fipID),
          // v1.1 names them type and ifscCode; v2.0.0 accountType and ifsc (fi-data-types.mdx).
          accountType: (str(summary.type) || str(summary.accountType)).toUpperCase(),
          branch: str(summary.branch),
          ifsc: (str(summary.ifscCode) || str(summary.ifsc)).toUpperCase(),
          transactions: transactions.map(transactionOf).filter((item): item is DepositTransaction => item !== undefined),
        },
      ];
    }),
  );
}
