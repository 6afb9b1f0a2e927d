import { useEffect, useState, type FormEvent } from 'react';
import type { OpsFunnel, OpsFunnelStep } from '../../core/api/types';
import { parseDmy } from '../../core/engine/calendar-date';
import { reviewerDate } from '../../core/engine/reviewer-time';
import { useConfig } from '../config/config-context';
import { duration, stepTitle } from './ops-format';
import { useOpsSession } from './ops-session';
import { t } from './ops-texts';
import { OpsAlert } from './ops-alert';

const day = 24 * 3_600_000;

/** A DD/MM/YYYY date as the API takes it (YYYY-MM-DD); undefined when it is no real day. */
function apiDate(text: string): string | undefined {
  const date = parseDmy(text.trim());
  return date ? `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}` : undefined;
}

/** The funnel's days are whole UTC days (the API's dates): a period's ends as DD/MM/YYYY of that calendar. */
function utcDay(ms: number): string {
  const date = new Date(ms);
  return `${String(date.getUTCDate()).padStart(2, '0')}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${date.getUTCFullYear()}`;
}

/** A message in the default language with its words in the others, each marked with its language (its font). */
function ErrorWords({ error }: { error: OpsFunnelStep['topErrors'][number] }) {
  return (
    <li>
      <span>{error.message}</span>
      {(error.translations ?? []).map((other) => (
        <span key={other.language} lang={other.language} className="ops-translation">
          {other.text}
        </span>
      ))}
      <span className="ops-count">{error.count === 1 ? t('errorCountOne') : t('errorCount', { count: error.count })}</span>
    </li>
  );
}

/** /ops/funnel: where applicants stop, as a chart and a table, over a period (default the last 30 days). */
export function FunnelPage() {
  const { client } = useOpsSession();
  const { flow } = useConfig();
  const [from, setFrom] = useState(() => reviewerDate(Date.now() - 29 * day));
  const [to, setTo] = useState(() => reviewerDate(Date.now()));
  const [period, setPeriod] = useState(() => ({ from: apiDate(from) ?? '', to: apiDate(to) ?? '' }));
  const [dateError, setDateError] = useState<string | null>(null);
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
    const [start, end] = [apiDate(from), apiDate(to)];
    if (!start || !end) {
      setDateError(t('funnelDateInvalid'));
      return;
    }
    setDateError(null);
    setPeriod({ from: start, to: end });
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
          <input inputMode="numeric" autoComplete="off" placeholder="DD/MM/YYYY" aria-describedby="funnel-date-hint" value={from} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label className="ops-field">
          <span>{t('funnelTo')}</span>
          <input inputMode="numeric" autoComplete="off" placeholder="DD/MM/YYYY" aria-describedby="funnel-date-hint" value={to} onChange={(event) => setTo(event.target.value)} />
        </label>
        <small id="funnel-date-hint" className="ops-hint">
          {t('funnelDateHint')}
        </small>
        <button type="submit" className="ops-button">
          {t('funnelShow')}
        </button>
      </form>
      <OpsAlert text={dateError ?? error} />
      {funnel ? <p className="ops-status">{t('funnelPeriod', { from: utcDay(Date.parse(funnel.from)), to: utcDay(Date.parse(funnel.to) - 1) })}</p> : null}
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
                    {step.topErrors.length === 0 ? (
                      t('noErrors')
                    ) : (
                      <ul className="ops-errors">
                        {step.topErrors.map((error) => (
                          <ErrorWords key={error.message} error={error} />
                        ))}
                      </ul>
                    )}
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
