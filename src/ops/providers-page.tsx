import { useEffect, useState } from 'react';
import type { OpsProviders } from '../../core/api/types';
import { ColumnHeads } from './column-heads';
import { OpsAlert } from './ops-alert';
import { when } from './ops-format';
import { useOpsSession } from './ops-session';
import { t, tOf } from './ops-texts';

const percent = new Intl.NumberFormat('en-IN', { style: 'percent', maximumFractionDigits: 1 });

/**
 * /ops/providers: each outside service (SMS, KRA, identity...), the vendor serving it, live or a simulator, and this
 * server's calls to it over the last hour: count, error rate, p95 latency, the last success and the last error.
 */
export function ProvidersPage() {
  const { client } = useOpsSession();
  const [answer, setAnswer] = useState<OpsProviders | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    client.get<OpsProviders>('/providers').then(
      (found) => current && setAnswer(found),
      (failure: Error) => current && setError(t('failed', { message: failure.message })),
    );
    return () => {
      current = false;
    };
  }, [client]);

  const columns = ['columnCapability', 'columnVendor', 'columnMode', 'columnLastSuccess', 'columnCalls', 'columnErrorRate', 'columnP95', 'columnLastError'] as const;
  return (
    <section aria-labelledby="providers-title">
      <h1 id="providers-title" tabIndex={-1}>
        {t('providersTitle')}
      </h1>
      <p>{t('providersHint')}</p>
      <OpsAlert text={error} />
      {answer === null && !error ? <p role="status">{t('loading')}</p> : null}
      {answer ? (
        <table className="ops-table ops-stack">
          <ColumnHeads keys={columns} />
          <tbody>
            {answer.providers.map((provider) => (
              <tr key={provider.capability}>
                <th scope="row" data-label={t('columnCapability')}>
                  {provider.title}
                </th>
                <td data-label={t('columnVendor')}>{provider.vendorTitle}</td>
                <td data-label={t('columnMode')}>{tOf('mode', provider.mode)}</td>
                <td data-label={t('columnLastSuccess')}>{provider.lastSuccessAt ? when(provider.lastSuccessAt) : t('never')}</td>
                <td data-label={t('columnCalls')}>{provider.calls}</td>
                <td data-label={t('columnErrorRate')}>{provider.calls === 0 ? t('noCalls') : percent.format(provider.errorRate)}</td>
                <td data-label={t('columnP95')}>{provider.p95Ms === null ? t('noCalls') : t('milliseconds', { count: Math.round(provider.p95Ms) })}</td>
                <td data-label={t('columnLastError')}>{provider.lastError ? `${when(provider.lastError.at)}: ${provider.lastError.message}` : t('never')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
