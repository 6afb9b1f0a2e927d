import { describe, expect, it } from 'vitest';
import type { DepositStatement, DepositTransaction } from '../../../server/providers/account-aggregator/account-aggregator';
import { summarizeIncome } from '../../../server/income-proof/income-summary';

const year = { from: '2025-01-15T10:00:00.000Z', to: '2026-01-15T10:00:00.000Z' };
const credit = (at: string, rupees: number, narration: string, mode = 'FT'): DepositTransaction => ({ type: 'credit', amountPaise: rupees * 100, at, narration, mode });
const debit = (at: string, rupees: number): DepositTransaction => ({ type: 'debit', amountPaise: rupees * 100, at, narration: 'UPI/DR/GROCERY', mode: 'UPI' });
const statement = (transactions: DepositTransaction[]): DepositStatement => ({ bank: 'setu-fip', maskedAccountNumber: 'XXXXXXXX6053', accountType: 'SAVINGS', branch: 'Jayanagar', ifsc: 'ICIC0001124', transactions });

describe('income summary of deposit statements', () => {
  it('averages credits over the months of the range and counts salary credits by their narration', () => {
    const months = ['2025-02', '2025-03', '2025-04'];
    const summary = summarizeIncome(
      [statement([...months.map((m) => credit(`${m}-01T10:00:00+05:30`, 90_000, `NEFT CR-ACME LTD-SALARY ${m}`)), credit('2025-03-09T10:00:00+05:30', 6_000, 'UPI/CR/FRIEND', 'UPI'), debit('2025-03-10T10:00:00+05:30', 5_000)])],
      year,
    );
    expect(summary).toMatchObject({
      months: 12,
      transactions: 5,
      creditsPaise: 27_600_000,
      averageMonthlyCreditsPaise: 2_300_000,
      salaryCreditsPaise: 27_000_000,
      averageMonthlySalaryPaise: 2_250_000,
      salaryMonths: 3,
      accounts: [{ bank: 'setu-fip', maskedAccountNumber: 'XXXXXXXX6053', accountType: 'SAVINGS', branch: 'Jayanagar', ifsc: 'ICIC0001124', transactions: 5 }],
    });
  });

  it('a transfer from one payer at about one amount in three months is salary-like, without the word', () => {
    const payer = (m: string, rupees: number) => credit(`${m}-02T09:00:00+00:00`, rupees, `NEFT-HDFC000${m.slice(-2)}-GLOBEX CORP-${m.replace('-', '')}`);
    const summary = summarizeIncome([statement([payer('2025-05', 50_000), payer('2025-06', 52_000), payer('2025-07', 49_000)])], year);
    expect(summary.salaryCreditsPaise).toBe(15_100_000);
    expect(summary.salaryMonths).toBe(3);
  });

  it.each<[string, DepositTransaction[]]>([
    ['two months only', [credit('2025-05-02T09:00:00Z', 50_000, 'NEFT-GLOBEX CORP'), credit('2025-06-02T09:00:00Z', 50_000, 'NEFT-GLOBEX CORP')]],
    ['by UPI', ['2025-05', '2025-06', '2025-07'].map((m) => credit(`${m}-02T09:00:00Z`, 50_000, 'UPI/CR/GLOBEX CORP', 'UPI'))],
    ['amounts far apart', [credit('2025-05-02T09:00:00Z', 10_000, 'NEFT-GLOBEX CORP'), credit('2025-06-02T09:00:00Z', 50_000, 'NEFT-GLOBEX CORP'), credit('2025-07-02T09:00:00Z', 90_000, 'NEFT-GLOBEX CORP')]],
  ])('not salary-like: %s', (_label, transactions) => {
    expect(summarizeIncome([statement(transactions)], year).salaryCreditsPaise).toBe(0);
  });

  it('no transactions: zero everywhere, at least one month', () => {
    expect(summarizeIncome([statement([])], { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' })).toMatchObject({ months: 1, transactions: 0, creditsPaise: 0, averageMonthlyCreditsPaise: 0 });
  });
});
