import type { OpsAuditEntry } from '../../core/api/types';
import { useConfig } from '../config/config-context';
import { stepTitle, when } from './ops-format';
import { t, tOf } from './ops-texts';

/** Who did what, when: decisions, emails and document views, oldest first. */
export function AuditTable({ entries }: { entries: OpsAuditEntry[] }) {
  const { flow } = useConfig();
  const details = (entry: OpsAuditEntry) =>
    [
      entry.fromStep !== entry.toStep && entry.toStep ? `${stepTitle(flow, entry.fromStep)} → ${stepTitle(flow, entry.toStep)}` : '',
      ...Object.entries(entry.reasons ?? {}).map(([step, reason]) => `${stepTitle(flow, step)}: ${reason}`),
      entry.note ?? '',
    ]
      .filter(Boolean)
      .join('; ');
  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title">{t('auditTitle')}</h2>
      {entries.length === 0 ? (
        <p>{t('auditEmpty')}</p>
      ) : (
        <table className="ops-table ops-stack ops-audit">
          <thead>
            <tr>
              <th scope="col">{t('columnWhen')}</th>
              <th scope="col">{t('columnWho')}</th>
              <th scope="col">{t('columnWhat')}</th>
              <th scope="col">{t('columnDetails')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry, index) => (
              <tr key={`${entry.at}-${index}`}>
                <td data-label={t('columnWhen')}>{when(entry.at)}</td>
                <td data-label={t('columnWho')}>{entry.actor}</td>
                <td data-label={t('columnWhat')}>{tOf('audit', entry.action)}</td>
                <td data-label={t('columnDetails')}>{details(entry)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
