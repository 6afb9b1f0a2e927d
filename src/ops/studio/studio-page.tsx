import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { StudioDraftList, StudioDraftView } from '../../../core/api/types';
import { mayDo } from '../../../core/engine/ops-roles';
import { ColumnHeads } from '../column-heads';
import { OpsAlert } from '../ops-alert';
import { when } from '../ops-format';
import { useOpsSession } from '../ops-session';
import { t, tOf } from '../ops-texts';
import { ReleaseList } from './release-list';

/** /ops/studio: the drafts of the config, newest first; an editor starts one from the current release. */
export default function StudioPage() {
  const { client, me } = useOpsSession();
  const navigate = useNavigate();
  const [drafts, setDrafts] = useState<StudioDraftList['drafts'] | null>(null);
  const [releases, setReleases] = useState<StudioDraftList['releases'] | null>(null);
  const [purpose, setPurpose] = useState('');
  const [error, setError] = useState<string | null>(null);
  const edits = me !== null && mayDo(me.role, 'editConfig');

  const load = useCallback(async () => {
    const answer = await client.get<StudioDraftList>('/studio/drafts');
    setDrafts(answer.drafts);
    setReleases(answer.releases);
  }, [client]);
  useEffect(() => void load().catch((failure: Error) => setError(t('failed', { message: failure.message }))), [load]);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const made = await client.post<StudioDraftView>('/studio/drafts', { purpose: purpose.trim() });
      await navigate(`/ops/studio/${made.draft.id}`);
    } catch (failure) {
      setError(t('failed', { message: (failure as Error).message }));
    }
  };

  return (
    <section aria-labelledby="studio-title">
      <h1 id="studio-title" tabIndex={-1}>
        {t('studioTitle')}
      </h1>
      <p>{t('studioHint')}</p>
      {releases && releases.current !== releases.running ? (
        <p className="ops-notice">{t('studioNotRunning', { current: releases.current ?? 0, running: releases.running ?? t('studioNoRunning') })}</p>
      ) : null}
      {edits ? (
        <form className="ops-filters" onSubmit={(event) => void start(event)} aria-labelledby="new-draft-title">
          <h2 id="new-draft-title" className="ops-wide">
            {t('studioNewDraft')}
          </h2>
          <label className="ops-field ops-grow">
            <span>{t('studioPurpose')}</span>
            <input required maxLength={200} value={purpose} onChange={(event) => setPurpose(event.target.value)} />
          </label>
          <button type="submit" className="ops-button" disabled={purpose.trim() === ''}>
            {t('studioStart')}
          </button>
        </form>
      ) : null}
      <OpsAlert text={error} />
      {drafts === null && !error ? <p role="status">{t('loading')}</p> : null}
      {drafts?.length === 0 ? <p>{t('studioNoDrafts')}</p> : null}
      {drafts && drafts.length > 0 ? (
        <table className="ops-table ops-stack">
          <ColumnHeads keys={['studioColumnPurpose', 'studioColumnAuthor', 'studioColumnBase', 'columnStatus', 'studioColumnUpdated']} />
          <tbody>
            {drafts.map((draft) => (
              <tr key={draft.id}>
                <th scope="row" data-label={t('studioColumnPurpose')}>
                  <Link to={`/ops/studio/${draft.id}`}>{draft.purpose}</Link>
                </th>
                <td data-label={t('studioColumnAuthor')}>{draft.author}</td>
                <td data-label={t('studioColumnBase')}>{t('studioRelease', { number: draft.baseRelease })}</td>
                <td data-label={t('columnStatus')}>
                  {draft.publishedRelease !== null
                    ? t('studioPublishedAs', { number: draft.publishedRelease })
                    : draft.publishAt
                      ? t('studioPublishesAt', { when: when(draft.publishAt) })
                      : tOf('studioStatus', draft.status)}
                </td>
                <td data-label={t('studioColumnUpdated')}>{when(draft.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {releases ? <ReleaseList releases={releases.all} scheduled={drafts?.filter(({ publishAt }) => publishAt !== null) ?? []} onError={setError} /> : null}
    </section>
  );
}
