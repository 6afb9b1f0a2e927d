import { startTransition, useEffect, useId, useMemo, useOptimistic, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { PreviewConfig } from '../../../core/studio/preview';
import { OpsAlert } from '../ops-alert';
import { useOpsSession } from '../ops-session';
import { t } from '../ops-texts';
import { draftValidators } from './preview/draft-validators';
import { PreviewFrame } from './preview/preview-frame';
import { PreviewScreen } from './preview/preview-screen';
import './preview/preview.css';

type Preview = PreviewConfig & { version: number };

const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
type Size = keyof typeof sizes;

/**
 * /ops/studio/:id/preview?page=…&language=…&size=…: a page of the draft as applicants will see it, at a phone's or a
 * desktop's size, in each language; Next (the form's own button) checks the answers by the draft's rules and goes on to
 * the next page in the draft's order. The address is the link to share with the approver.
 */
export default function PreviewPage() {
  const { id = '' } = useParams();
  const { client } = useOpsSession();
  const [params, setParams] = useSearchParams();
  // The router moves in a transition: until it lands, a control shows the choice just made, not the address's old
  // value (else a fast ArrowDown in a select springs back and the next press starts again from there).
  const [chosen, choose] = useOptimistic(params, (old, changes: Record<string, string>) => new URLSearchParams({ ...Object.fromEntries(old), ...changes }));
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [errorsAsked, setErrorsAsked] = useState(0);
  const [status, setStatus] = useState('');
  const language = params.get('language') ?? '';
  const size: Size = params.get('size') === 'desktop' ? 'desktop' : 'phone';
  const path = `/studio/drafts/${encodeURIComponent(id)}`;
  // A label that holds a select would take the chosen option's words into its name: each select is named by id.
  const pageSelect = useId();
  const languageSelect = useId();

  useEffect(() => {
    let live = true;
    client.get<Preview>(`${path}/preview?language=${encodeURIComponent(language || 'en')}`).then(
      (answer) => live && setPreview(answer),
      (failure: Error) => live && setError(t('failed', { message: failure.message })),
    );
    return () => {
      live = false;
    };
  }, [client, path, language]);

  const pages = preview?.pages ?? [];
  const route = params.get('page') ?? pages[0]?.route ?? '';
  const at = pages.findIndex((page) => page.route === route);
  const validators = useMemo(
    () => preview && draftValidators(id, preview.language, `${preview.version}`, [...new Set(pages.flatMap(({ schema }) => (schema ? [schema] : [])))]),
    [id, preview, pages],
  );

  const show = (changes: Record<string, string>) => {
    setErrorsAsked(0);
    startTransition(() => {
      choose(changes);
      setParams((old) => ({ ...Object.fromEntries(old), ...changes }));
    });
  };
  const next = () => {
    const following = pages[at + 1];
    if (!following) {
      setStatus(t('studioPreviewEnd'));
      return;
    }
    setStatus(t('studioPreviewMoved', { title: following.stepTitle, route: following.route }));
    show({ page: following.route });
  };

  const chosenLanguage = preview?.languages.find(({ code }) => code === chosen.get('language'))?.code ?? preview?.language;
  const languageName = preview?.languages.find(({ code }) => code === preview.language)?.name ?? language;
  const frameTitle = t('studioPreviewFrame', { route, language: languageName, size: t(size === 'phone' ? 'studioPreviewPhone' : 'studioPreviewDesktop') });
  return (
    <section aria-labelledby="preview-title">
      <p>
        <Link to={`/ops/studio/${encodeURIComponent(id)}`}>{t('studioPreviewBack')}</Link>
      </p>
      <h1 id="preview-title" tabIndex={-1}>
        {t('studioPreviewTitle')}
      </h1>
      <p>{t('studioPreviewHint')}</p>
      <OpsAlert text={error} />
      {preview === null && !error ? <p role="status">{t('loading')}</p> : null}
      {preview ? (
        <>
          <div className="ops-filters ops-preview-controls">
            <div className="ops-field ops-grow">
              <label htmlFor={pageSelect}>{t('studioPreviewPage')}</label>
              <select id={pageSelect} value={chosen.get('page') ?? route} onChange={(event) => show({ page: event.target.value })}>
                {pages.map((page) => (
                  <option key={page.route} value={page.route} lang={preview.language}>
                    {`${page.stepTitle} (${page.route})`}
                  </option>
                ))}
              </select>
            </div>
            <div className="ops-field">
              <label htmlFor={languageSelect}>{t('studioPreviewLanguage')}</label>
              <select id={languageSelect} value={chosenLanguage} onChange={(event) => show({ language: event.target.value })}>
                {preview.languages.map(({ code, name }) => (
                  <option key={code} value={code} lang={code}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
            <fieldset className="ops-field ops-preview-sizes">
              <legend>{t('studioPreviewSize')}</legend>
              {(Object.keys(sizes) as Size[]).map((name) => (
                <label key={name}>
                  <input type="radio" name="preview-size" value={name} checked={(chosen.get('size') === 'desktop' ? 'desktop' : 'phone') === name} onChange={() => show({ size: name })} />{' '}
                  {t(name === 'phone' ? 'studioPreviewPhone' : 'studioPreviewDesktop')}
                </label>
              ))}
            </fieldset>
            <button type="button" className="ops-button" onClick={() => setErrorsAsked((count) => count + 1)}>
              {t('studioPreviewShowErrors')}
            </button>
          </div>
          <p>
            {t('studioPreviewShare')} <a href={window.location.href}>{window.location.href}</a>
          </p>
          <p role="status">{status}</p>
          {/* Scrolls when the device is wider than the console: reachable by keyboard to scroll it. */}
          <div className="ops-preview-stage" role="region" aria-label={frameTitle} tabIndex={0}>
            {validators ? (
              <PreviewFrame {...sizes[size]} language={preview.language} title={frameTitle}>
                <PreviewScreen bundle={preview.bundle} route={route} validators={validators} errorsAsked={errorsAsked} onNext={next} />
              </PreviewFrame>
            ) : null}
          </div>
        </>
      ) : null}
    </section>
  );
}
