import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { OpsApplicationList } from '../../core/api/types';
import { useConfig } from '../config/config-context';
import { stepTitle, waiting, when } from './ops-format';
import { useOpsSession } from './ops-session';
import { ops, t } from './ops-texts';
import { OpsAlert } from './ops-alert';

const pageSize = 20;

/** Applications of one status, longest waiting first, with search by phone, PAN or name; phones and PANs masked. */
export function Queue() {
  const { client } = useOpsSession();
  const { flow } = useConfig();
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? ops.queue.defaultStatus;
  const q = params.get('q') ?? '';
  const offset = Number(params.get('offset') ?? '0') || 0;
  const [search, setSearch] = useState(q);
  const [list, setList] = useState<OpsApplicationList | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    const query = new URLSearchParams({ status, limit: String(pageSize), offset: String(offset), ...(q ? { q } : {}) });
    setError(null);
    client.get<OpsApplicationList>(`/applications?${query.toString()}`).then(
      (answer) => current && setList(answer),
      (failure: Error) => current && setError(t('failed', { message: failure.message })),
    );
    return () => {
      current = false;
    };
  }, [client, status, q, offset]);

  const go = (next: { status?: string; q?: string; offset?: number }) => {
    const merged = { status, q, offset: 0, ...next };
    setParams({ status: merged.status, ...(merged.q ? { q: merged.q } : {}), ...(merged.offset ? { offset: String(merged.offset) } : {}) });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ q: search.trim() });
  };

  return (
    <section className="ops-queue" aria-labelledby="queue-title">
      <h1 id="queue-title" tabIndex={-1}>
        {t('queueTitle')}
      </h1>
      <form className="ops-filters" onSubmit={submit} role="search">
        <label className="ops-field">
          <span>{t('statusLabel')}</span>
          <select value={status} onChange={(event) => go({ status: event.target.value })}>
            {ops.queue.statuses.map((id) => (
              <option key={id} value={id}>
                {stepTitle(flow, id)}
              </option>
            ))}
          </select>
        </label>
        <label className="ops-field ops-grow">
          <span>{t('searchLabel')}</span>
          <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} aria-describedby="search-hint" />
          <small id="search-hint">{t('searchHint')}</small>
        </label>
        <div className="ops-row">
          <button type="submit" className="ops-button">
            {t('search')}
          </button>
          {q ? (
            <button type="button" className="ops-button ops-button-quiet" onClick={() => {
                setSearch('');
                go({ q: '' });
              }}>
              {t('clearSearch')}
            </button>
          ) : null}
        </div>
      </form>
      <OpsAlert text={error} />
      {list === null ? (
        <p role="status">{t('loading')}</p>
      ) : list.applications.length === 0 ? (
        <p role="status">{t('emptyQueue')}</p>
      ) : (
        <>
          <table className="ops-table ops-stack">
            <thead>
              <tr>
                <th scope="col">{t('columnName')}</th>
                <th scope="col">{t('columnPhone')}</th>
                <th scope="col">{t('columnPan')}</th>
                <th scope="col">{t('columnStatus')}</th>
                <th scope="col">{t('columnWaitingFor')}</th>
                <th scope="col">{t('columnWaiting')}</th>
              </tr>
            </thead>
            <tbody>
              {list.applications.map((row) => (
                <tr key={row.id}>
                  <td data-label={t('columnName')}>
                    <Link to={`/ops/applications/${row.id}`}>{row.name ?? t('noName')}</Link>
                  </td>
                  <td data-label={t('columnPhone')}>{row.phone}</td>
                  <td data-label={t('columnPan')}>{row.pan ?? '–'}</td>
                  <td data-label={t('columnStatus')}>{stepTitle(flow, row.step)}</td>
                  <td data-label={t('columnWaitingFor')}>{waiting(row.waitingSeconds)}</td>
                  <td data-label={t('columnWaiting')}>{when(row.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <nav className="ops-pages" aria-label={t('pageOf', { from: offset + 1, to: offset + list.applications.length, total: list.total })}>
            <button type="button" className="ops-button ops-button-quiet" disabled={offset === 0} onClick={() => go({ offset: Math.max(0, offset - pageSize) })}>
              {t('previousPage')}
            </button>
            <span>{t('pageOf', { from: offset + 1, to: offset + list.applications.length, total: list.total })}</span>
            <button type="button" className="ops-button ops-button-quiet" disabled={offset + pageSize >= list.total} onClick={() => go({ offset: offset + pageSize })}>
              {t('nextPage')}
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
