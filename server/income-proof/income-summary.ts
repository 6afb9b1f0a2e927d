import type { IncomeSummary } from '../../core/api/types';
import { type DataRange, type DepositStatement, type DepositTransaction, monthsIn } from '../providers/account-aggregator/account-aggregator';

/**
 * Pure: what the reviewer needs from bank statements read through the account aggregator, stored with the consent id.
 * Amounts in paise. Salary-like credits: a credit whose narration says salary (SAL, SALARY, PAYROLL), or a credit
 * by bank transfer that recurs from the same payer in at least three calendar months at about the same amount (within
 * 15 % of that payer's median), as a monthly salary does.
 */
const salaryWords = /SALARY|\bSAL\b|PAYROLL/;
const monthNames = /\b(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)[A-Z]*\b/g;
/** Transfers between banks (NEFT, RTGS, IMPS) and the bank's own credits; a UPI payment from a friend is not a salary. */
const transferModes = new Set(['FT', 'OTHERS', '']);
const recurringMonths = 3;
const recurringSpread = 0.15;

const monthOf = (at: string) => at.slice(0, 7);

/** The payer as the narration names it: letters only, months and references left out. */
function payerOf(narration: string): string {
  return narration.toUpperCase().replace(/[^A-Z]+/g, ' ').replace(monthNames, ' ').replace(/\s+/g, ' ').trim();
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Credits that recur monthly from one payer at about one amount. */
function recurringCredits(credits: DepositTransaction[]): Set<DepositTransaction> {
  const byPayer = new Map<string, DepositTransaction[]>();
  for (const credit of credits) {
    if (!transferModes.has(credit.mode)) continue;
    const payer = payerOf(credit.narration);
    if (payer) byPayer.set(payer, [...(byPayer.get(payer) ?? []), credit]);
  }
  const recurring = new Set<DepositTransaction>();
  for (const group of byPayer.values()) {
    const typical = median(group.map((credit) => credit.amountPaise));
    const alike = group.filter((credit) => Math.abs(credit.amountPaise - typical) <= typical * recurringSpread);
    if (new Set(alike.map((credit) => monthOf(credit.at))).size >= recurringMonths) for (const credit of alike) recurring.add(credit);
  }
  return recurring;
}

export function summarizeIncome(statements: DepositStatement[], range: DataRange): IncomeSummary {
  const months = monthsIn(range);
  const all = statements.flatMap((statement) => statement.transactions);
  const credits = all.filter((transaction) => transaction.type === 'credit');
  const recurring = recurringCredits(credits);
  const salary = credits.filter((credit) => salaryWords.test(credit.narration.toUpperCase()) || recurring.has(credit));
  const sum = (items: DepositTransaction[]) => items.reduce((total, item) => total + item.amountPaise, 0);
  const creditsPaise = sum(credits);
  const salaryCreditsPaise = sum(salary);
  return {
    from: range.from,
    to: range.to,
    months,
    accounts: statements.map(({ transactions, ...account }) => ({ ...account, transactions: transactions.length })),
    transactions: all.length,
    creditsPaise,
    averageMonthlyCreditsPaise: Math.round(creditsPaise / months),
    salaryCreditsPaise,
    averageMonthlySalaryPaise: Math.round(salaryCreditsPaise / months),
    salaryMonths: new Set(salary.map((credit) => monthOf(credit.at))).size,
  };
}
