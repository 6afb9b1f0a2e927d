import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { StudioDraftView, StudioTextList, StudioTextView } from '../../../core/api/types';
import { mayDo } from '../../../core/engine/ops-roles';
import { ColumnHeads } from '../column-heads';
import { OpsAlert } from '../ops-alert';
import { when } from '../ops-format';
import { useOpsSession } from '../ops-session';
import { t, tOf } from '../ops-texts';
import { NoticeRegion, useNotice } from '../notice';
import { BusinessChanges } from './business-changes';
import { DraftDecision } from './draft-decision';
import { DraftLists } from './draft-lists';
import { DraftSettings } from './draft-settings';
import { DraftSteps } from './draft-steps';
import { TextWords } from './text-words';
import { TranslatorFiles } from './translator-files';

/**
 * /ops/studio/:id: one draft. Find a text by its words or where it is shown, reword it in each language side by side;
 * what the draft changes, the translations it still needs, what the config check finds (at the text concerned), the
 * decision (propose; approve or send back) and the draft's history.
 */
export default function DraftPage() {
  const { id = '' } = useParams();
  const { client, me } = useOpsSession();
  const [view, setView] = useState<StudioDraftView | null>(null);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<StudioTextList | null>(null);
  const [notice, setNotice] = useNotice();
  const path = `/studio/drafts/${encodeURIComponent(id)}`;

  const fail = (failure: unknown) => setNotice({ error: true, text: t('failed', { message: (failure as Error).message }) });
  const find = useCallback(async (words: string) => setFound(await client.get<StudioTextList>(`${path}/texts?q=${encodeURIComponent(words)}&limit=20`)), [client, path]);
  useEffect(() => {
    client.get<StudioDraftView>(path).then(setView, fail);
  }, [client, path]);

  if (!view) {
    return (
      <section aria-labelledby="draft-title">
        <h1 id="draft-title" tabIndex={-1}>
          {t('studioTitle')}
        </h1>
        <div aria-live="polite">{notice ? <OpsAlert key={notice.shown} text={notice.text} /> : <p role="status">{t('loading')}</p>}</div>
      </section>
    );
  }

  const { draft } = view;
  const editing = draft.status === 'editing' && me !== null && mayDo(me.role, 'editConfig');
  const languageName = (code: string) => view.languages.find((language) => language.code === code)?.name ?? code;

  const save = async (text: StudioTextView, language: string, words: string) => {
    try {
      setView(await client.put<StudioDraftView>(`${path}/words`, { textId: text.id, language, words, version: draft.version }));
      setNotice({ error: false, text: t('studioSaved', { where: text.where, language: languageName(language) }) });
      // The text stays in view with its new words, even when they no longer match what was searched.
      setFound((shown) => shown && { ...shown, texts: shown.texts.map((item) => (item.id === text.id ? { ...item, words: { ...item.words, [language]: words } } : item)) });
    } catch (failure) {
      fail(failure);
    }
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    find(query).catch(fail);
  };

  return (
    <section aria-labelledby="draft-title">
      <p>
        <Link to="/ops/studio">{t('studioBackToDrafts')}</Link>
      </p>
      <h1 id="draft-title" tabIndex={-1}>
        {draft.purpose}
      </h1>
      <p>
        {draft.publishedRelease === null
          ? t('studioDraftStatus', { status: draft.publishAt ? t('studioPublishesAt', { when: when(draft.publishAt) }) : tOf('studioStatus', draft.status), base: draft.baseRelease, author: draft.author })
          : t('studioPublishedAs', { number: draft.publishedRelease })}
      </p>
      <p>
        <Link to={`/ops/studio/${encodeURIComponent(draft.id)}/preview`}>{t('studioPreviewLink')}</Link>
      </p>
      <NoticeRegion notice={notice} />

      {view.findings.length > 0 ? (
        <div className="ops-error" aria-labelledby="findings-title">
          <h2 id="findings-title">{t('studioFindings')}</h2>
          <p>{t('studioFindingsBlock')}</p>
          <ul>
            {view.findings.map((finding) => (
              <li key={finding.problem}>
                <strong>{finding.where ?? t('studioGeneralFinding')}</strong>: {finding.said}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <form className="ops-filters" onSubmit={search} role="search">
        <label className="ops-field ops-grow">
          <span>{t('studioFind')}</span>
          <input type="search" maxLength={200} value={query} onChange={(event) => setQuery(event.target.value)} />
        </label>
        <button type="submit" className="ops-button">
          {t('studioSearch')}
        </button>
      </form>
      {found ? (
        <div className="ops-studio-texts">
          <p role="status">{found.total === 0 ? t('studioNoMatch') : t('studioShowing', { shown: found.texts.length, total: found.total })}</p>
          {found.texts.map((text) => (
            <TextWords
              key={text.id}
              text={text}
              languages={view.languages}
              editable={editing}
              findings={view.findings.filter((finding) => finding.textId === text.id).map(({ said }) => said)}
              onSave={(language, words) => save(text, language, words)}
            />
          ))}
        </div>
      ) : null}

      <DraftLists view={view} path={path} editable={editing} onSaved={setView} onNotice={setNotice} />
      <DraftSettings view={view} path={path} editable={editing} onSaved={setView} onNotice={setNotice} />
      <DraftSteps view={view} path={path} editable={editing} onSaved={setView} onNotice={setNotice} />

      <BusinessChanges view={view} />

      <h2>{t('studioChanges')}</h2>
      {view.changes.length === 0 ? (
        <p>{t('studioNoChanges')}</p>
      ) : (
        <table className="ops-table ops-stack">
          <ColumnHeads keys={['studioColumnWhere', 'columnLanguage', 'studioColumnBefore', 'studioColumnAfter']} />
          <tbody>
            {view.changes.map((change) => (
              <tr key={`${change.id} ${change.language}`}>
                <th scope="row" data-label={t('studioColumnWhere')}>
                  {change.where}
                  {change.evidence ? <span className="ops-badge">{t('studioEvidence')}</span> : null}
                </th>
                <td data-label={t('columnLanguage')} lang={change.language}>
                  {languageName(change.language)}
                </td>
                <td data-label={t('studioColumnBefore')} lang={change.language}>
                  {change.before}
                </td>
                <td data-label={t('studioColumnAfter')} lang={change.language}>
                  {change.after}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {view.translations.length > 0 ? (
        <>
          <h2>{t('studioTranslations')}</h2>
          <ul>
            {view.translations.map((issue) => (
              <li key={`${issue.id} ${issue.language}`}>
                {`${issue.where} (`}
                <span lang={issue.language}>{languageName(issue.language)}</span>
                {`): ${tOf('studioTranslation', issue.problem)}`}
                {issue.evidence ? <span className="ops-badge">{t('studioEvidence')}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <TranslatorFiles view={view} path={path} editable={editing} onImported={setView} onNotice={setNotice} />

      <DraftDecision view={view} path={path} onDecided={setView} onNotice={setNotice} />

      <h2>{t('studioHistory')}</h2>
      <table className="ops-table ops-stack">
        <ColumnHeads keys={['columnWhen', 'columnWho', 'columnWhat', 'studioNote']} />
        <tbody>
          {view.history.map((event) => (
            <tr key={`${event.at} ${event.action}`}>
              <td data-label={t('columnWhen')}>{when(event.at)}</td>
              <td data-label={t('columnWho')}>{event.actor}</td>
              <td data-label={t('columnWhat')}>{tOf('studioAction', event.action)}</td>
              <td data-label={t('studioNote')}>{event.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

