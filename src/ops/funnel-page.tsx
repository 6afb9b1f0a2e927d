import { useEffect, useState, type FormEvent } from 'react';
import type { OpsFunnel } from '../../core/api/types';
import { useConfig } from '../config/config-context';
import { duration, stepTitle } from './ops-format';
import { useOpsSession } from './ops-session';
import { t } from './ops-texts';
import { OpsAlert } from './ops-alert';

const day = 24 * 3_600_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** /ops/funnel: where applicants stop, as a chart and a table, over a period (default the last 30 days). */
export function FunnelPage() {
  const { client } = useOpsSession();
  const { flow } = useConfig();
  const [from, setFrom] = useState(() => dateOf(Date.now() - 29 * day));
  const [to, setTo] = useState(() => dateOf(Date.now()));
  const [period, setPeriod] = useState({ from, to });
  const [funnel, setFunnel] = useState<OpsFunnel | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setError(null);
    client.get<OpsFunnel>(`/funnel?${new URLSearchParams(period).toString()}`).then(
      (answer) => current && setFunnel(answer),
      (failure: Error) => current && setError(t('failed', { message: failure.message })),
    );
    return () => {
      current = false;
    };
  }, [client, period]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPeriod({ from, to });
  };
  const widest = Math.max(1, ...(funnel?.steps.map((step) => step.reached) ?? []));
  const empty = funnel !== null && funnel.steps.every((step) => step.reached === 0);

  return (
    <section aria-labelledby="funnel-title">
      <h1 id="funnel-title" tabIndex={-1}>
        {t('funnelTitle')}
      </h1>
      <form className="ops-filters" onSubmit={submit}>
        <label className="ops-field">
          <span>{t('funnelFrom')}</span>
          <input type="date" value={from} max={to} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label className="ops-field">
          <span>{t('funnelTo')}</span>
          <input type="date" value={to} min={from} onChange={(event) => setTo(event.target.value)} />
        </label>
        <button type="submit" className="ops-button">
          {t('funnelShow')}
        </button>
      </form>
      <OpsAlert text={error} />
      {funnel === null ? <p role="status">{t('loading')}</p> : null}
      {empty ? <p role="status">{t('noFunnel')}</p> : null}
      {funnel && !empty ? (
        <>
          <figure className="ops-chart">
            <figcaption>{t('funnelChart')}</figcaption>
            <ol>
              {funnel.steps.map((step) => (
                <li key={step.step}>
                  <span className="ops-chart-label">{stepTitle(flow, step.step)}</span>
                  <span className="ops-chart-bars" aria-hidden="true">
                    <span className="ops-bar ops-bar-reached" style={{ width: `${(step.reached / widest) * 100}%` }} />
                    <span className="ops-bar ops-bar-completed" style={{ width: `${(step.completed / widest) * 100}%` }} />
                  </span>
                  <span className="ops-chart-value">
                    {step.completed} / {step.reached}
                  </span>
                </li>
              ))}
            </ol>
          </figure>
          <table className="ops-table ops-stack">
            <thead>
              <tr>
                {(['columnStep', 'columnReached', 'columnCompleted', 'columnDropOff', 'columnMedian', 'columnErrors'] as const).map((key) => (
                  <th key={key} scope="col">
                    {t(key)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {funnel.steps.map((step) => (
                <tr key={step.step}>
                  <th scope="row" data-label={t('columnStep')}>
                    {stepTitle(flow, step.step)}
                  </th>
                  <td data-label={t('columnReached')}>{step.reached}</td>
                  <td data-label={t('columnCompleted')}>{step.completed}</td>
                  <td data-label={t('columnDropOff')}>{step.dropOff}</td>
                  <td data-label={t('columnMedian')}>{duration(step.medianSeconds)}</td>
                  <td data-label={t('columnErrors')}>
                    {step.topErrors.length === 0 ? t('noErrors') : step.topErrors.map((error) => `${error.message} (${error.count})`).join('; ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}
