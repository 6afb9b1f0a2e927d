import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { OpsReviewer, OpsReviewerList, OpsReviewerResponse } from '../../core/api/types';
import { mayDo, opsRoles } from '../../core/engine/ops-roles';
import { when } from './ops-format';
import { useOpsSession } from './ops-session';
import { t, tOf } from './ops-texts';
import { NoticeRegion, useNotice } from './notice';

/** /ops/reviewers: the accounts; supervisors add them, change their roles and disable them. */
export function ReviewersPage() {
  const { client, me } = useOpsSession();
  const [reviewers, setReviewers] = useState<OpsReviewer[] | null>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string>(opsRoles[0]);
  const [notice, setNotice] = useNotice();
  const manages = me !== null && mayDo(me.role, 'manageReviewers');

  const load = useCallback(async () => setReviewers((await client.get<OpsReviewerList>('/reviewers')).reviewers), [client]);
  useEffect(() => void load().catch((failure: Error) => setNotice({ error: true, text: t('failed', { message: failure.message }) })), [load]);

  const run = async (work: () => Promise<string>) => {
    try {
      setNotice({ error: false, text: await work() });
      await load();
    } catch (failure) {
      setNotice({ error: true, text: t('failed', { message: (failure as Error).message }) });
    }
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const { reviewer } = await client.post<OpsReviewerResponse>('/reviewers', { email: email.trim(), role });
      setEmail('');
      return t('reviewerAdded', { email: reviewer.email, role: tOf('role', reviewer.role) });
    });
  };
  const disable = (target: string) =>
    void run(async () => t('reviewerDisabled', { email: (await client.post<OpsReviewerResponse>('/reviewers/disable', { email: target })).reviewer.email }));

  return (
    <section aria-labelledby="reviewers-title">
      <h1 id="reviewers-title" tabIndex={-1}>
        {t('reviewersTitle')}
      </h1>
      {manages ? (
        <form className="ops-filters" onSubmit={add} aria-labelledby="add-reviewer-title">
          <h2 id="add-reviewer-title" className="ops-wide">
            {t('addReviewerTitle')}
          </h2>
          <label className="ops-field ops-grow">
            <span>{t('columnEmail')}</span>
            <input type="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
          </label>
          <label className="ops-field">
            <span>{t('roleLabel')}</span>
            <select value={role} onChange={(event) => setRole(event.target.value)}>
              {opsRoles.map((name) => (
                <option key={name} value={name}>
                  {tOf('role', name)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="ops-button" disabled={email.trim() === ''}>
            {t('addReviewer')}
          </button>
        </form>
      ) : null}
      <NoticeRegion notice={notice} />
      {reviewers === null ? (
        <p role="status">{t('loading')}</p>
      ) : (
        <table className="ops-table ops-stack">
          <thead>
            <tr>
              <th scope="col">{t('columnEmail')}</th>
              <th scope="col">{t('columnRole')}</th>
              <th scope="col">{t('columnState')}</th>
              <th scope="col">{t('columnAddedBy')}</th>
              {manages ? <td /> : null}
            </tr>
          </thead>
          <tbody>
            {reviewers.map((reviewer) => (
              <tr key={reviewer.email}>
                <td data-label={t('columnEmail')}>{reviewer.email}</td>
                <td data-label={t('columnRole')}>{tOf('role', reviewer.role)}</td>
                <td data-label={t('columnState')}>{reviewer.active ? t('active') : t('disabled')}</td>
                <td data-label={t('columnAddedBy')}>{`${reviewer.addedBy}, ${when(reviewer.addedAt)}`}</td>
                {manages ? (
                  <td>
                    {reviewer.active && reviewer.email !== me?.actor ? (
                      <button type="button" className="ops-button ops-button-quiet" aria-label={t('disable', { email: reviewer.email })} onClick={() => disable(reviewer.email)}>
                        {t('disableShort')}
                      </button>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
