import { reviewerDate } from '../../core/engine/reviewer-time';
import type { OpsIncomeSummary } from '../../core/api/types';
import { rupees, when } from './ops-format';
import { t, tOf } from './ops-texts';

const day = (iso: string) => reviewerDate(iso);

function account(item: OpsIncomeSummary['accounts'][number]): string {
  const named = tOf('accountType', item.accountType);
  // tOf answers the key itself for a type the console has no words for.
  const type = item.accountType && named !== item.accountType ? named : t('accountType.unknown');
  const where = [item.branch, item.ifsc].filter(Boolean).join(', ');
  const values = { type, account: item.maskedAccountNumber, branch: where, count: item.transactions };
  return where ? t('incomeSummaryAccount', values) : t('incomeSummaryAccountNoBranch', values);
}

/** The bank statements read through the account aggregator, summarised in the reviewer's words, beside the income proof. */
export function IncomeSummaryView({ summary }: { summary: OpsIncomeSummary }) {
  const rows: [string, string][] = [
    [t('incomeSummaryPeriod'), t('incomeSummaryPeriodValue', { from: day(summary.from), to: day(summary.to), months: summary.months })],
    [t('incomeSummaryAccounts'), summary.accounts.map(account).join('; ')],
    [t('incomeSummaryCredits'), rupees(summary.averageMonthlyCreditsPaise)],
    [
      t('incomeSummarySalary'),
      summary.salaryMonths === 0 ? t('incomeSummaryNoSalary') : t('incomeSummarySalaryValue', { amount: rupees(summary.averageMonthlySalaryPaise), salaryMonths: summary.salaryMonths, months: summary.months }),
    ],
    [t('incomeSummaryTotal'), rupees(summary.creditsPaise)],
    [t('incomeSummaryReceived'), when(summary.receivedAt)],
    [t('incomeSummaryConsent'), summary.consentId],
  ];
  return (
    <section className="ops-income-summary" aria-labelledby="income-summary-title">
      <h4 id="income-summary-title">{t('incomeSummaryTitle')}</h4>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="ops-note">{t('incomeSummaryNote')}</p>
    </section>
  );
}
