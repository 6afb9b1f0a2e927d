import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { StudioDraftList, StudioDraftView } from '../../../core/api/types';
import { mayDo } from '../../../core/engine/ops-roles';
import { ColumnHeads } from '../column-heads';
import { when } from '../ops-format';
import { useOpsSession } from '../ops-session';
import { t, tOf } from '../ops-texts';

/**
 * Every release, newest first: each downloads as a patch for the repository; an approver rolls back to an earlier one
 * (a new release equal to it, with a note for the history), and lands on its record. Drafts approved to publish at a
 * set time are named above them.
 */
export function ReleaseList({ releases, scheduled, onError }: { releases: StudioDraftList['releases']['all']; scheduled: StudioDraftList['drafts']; onError(text: string): void }) {
  const { client, me } = useOpsSession();
  const navigate = useNavigate();
  const [note, setNote] = useState('');
  const approves = me !== null && mayDo(me.role, 'approveConfig');
  const fail = (failure: unknown) => onError(t('failed', { message: (failure as Error).message }));

  const download = async (number: number) => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(await client.blob(`/studio/releases/${number}/patch`));
    link.download = `config-release-${number}.patch`;
    link.click();
    URL.revokeObjectURL(link.href);
  };
  const rollback = async (number: number) => {
    const made = await client.post<StudioDraftView>(`/studio/releases/${number}/rollback`, note.trim() ? { note: note.trim() } : {});
    await navigate(`/ops/studio/${made.draft.id}`);
  };

  return (
    <section aria-labelledby="releases-title">
      <h2 id="releases-title">{t('studioReleases')}</h2>
      <p>{t('studioReleasesHint')}</p>
      {/* Approved for later: the releases to come, each cancellable by an approver on its draft's page. */}
      {scheduled.map((draft) => (
        <p key={draft.id} className="ops-notice">
          {t('studioScheduledNext', { purpose: draft.purpose, when: when(draft.publishAt ?? '') })}
        </p>
      ))}
      {approves ? (
        <label className="ops-field">
          <span>{t('studioRollbackNote')}</span>
          <input maxLength={1000} value={note} onChange={(event) => setNote(event.target.value)} />
        </label>
      ) : null}
      <table className="ops-table ops-stack">
        <ColumnHeads keys={['studioColumnRelease', 'columnWho', 'columnWhen', 'studioColumnOpen', 'studioColumnActions']} />
        <tbody>
          {releases.map((release) => (
            <tr key={release.number}>
              <th scope="row" data-label={t('studioColumnRelease')}>
                {t('studioRelease', { number: release.number })}
                {(['current', 'running'] as const)
                  .filter((state) => release[state])
                  .map((state) => (
                    <span key={state} className="ops-badge">
                      {tOf('studioReleaseState', state)}
                    </span>
                  ))}
              </th>
              <td data-label={t('columnWho')}>{release.createdBy}</td>
              <td data-label={t('columnWhen')}>{when(release.createdAt)}</td>
              <td data-label={t('studioColumnOpen')}>{release.openApplications}</td>
              <td data-label={t('studioColumnActions')}>
                <button type="button" className="ops-button ops-button-quiet" onClick={() => void download(release.number).catch(fail)}>
                  {t('studioDownloadPatch', { number: release.number })}
                </button>
                {approves && !release.current ? (
                  <button type="button" className="ops-button ops-button-quiet" onClick={() => void rollback(release.number).catch(fail)}>
                    {t('studioRollback', { number: release.number })}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
