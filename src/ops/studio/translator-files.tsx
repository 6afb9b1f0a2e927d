import { useState } from 'react';
import type { StudioDraftView } from '../../../core/api/types';
import { useOpsSession } from '../ops-session';
import { t } from '../ops-texts';
import { NamingLanguage } from './draft-section';

interface TranslatorFilesProps {
  view: StudioDraftView;
  path: string;
  /** False: download only (the draft is not being edited, or the reader may not edit). */
  editable: boolean;
  onImported(view: StudioDraftView): void;
  onNotice(notice: { error: boolean; text: string }): void;
}

/** Each translated language's file for translators: downloaded as CSV, filled in, uploaded back as one change. */
export function TranslatorFiles({ view, path, editable, onImported, onNotice }: TranslatorFilesProps) {
  const { client } = useOpsSession();
  const [chosen, setChosen] = useState<Record<string, File | undefined>>({});
  const fail = (failure: unknown) => onNotice({ error: true, text: t('failed', { message: (failure as Error).message }) });

  const download = async (code: string) => {
    const blob = await client.blob(`${path}/translations?language=${encodeURIComponent(code)}`);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `translations-${code}-v${view.draft.version}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  };
  const upload = async (code: string, file: File) => {
    const next = await client.putText<StudioDraftView>(`${path}/translations?language=${encodeURIComponent(code)}&version=${view.draft.version}`, await file.text(), 'text/csv');
    onImported(next);
    onNotice({ error: false, text: t('studioUploaded', { file: file.name }) });
  };

  return (
    <section aria-labelledby="translator-files-title">
      <h2 id="translator-files-title">{t('studioFiles')}</h2>
      <p>{t('studioFilesHint')}</p>
      {view.languages
        .filter((language) => !language.default)
        .map(({ code, name }) => (
          <div key={code} className="ops-filters">
            <button type="button" className="ops-button ops-button-quiet" onClick={() => void download(code).catch(fail)}>
              <NamingLanguage text="studioDownload" code={code} name={name} />
            </button>
            {editable ? (
              <>
                <label className="ops-field ops-grow">
                  <span>
                    <NamingLanguage text="studioUploadLabel" code={code} name={name} />
                  </span>
                  <input type="file" accept=".csv,text/csv" onChange={(event) => setChosen({ ...chosen, [code]: event.target.files?.[0] })} />
                </label>
                <button
                  type="button"
                  className="ops-button"
                  disabled={!chosen[code]}
                  onClick={() => {
                    const file = chosen[code];
                    if (file) void upload(code, file).catch(fail);
                  }}
                >
                  {t('studioUpload')}
                </button>
              </>
            ) : null}
          </div>
        ))}
    </section>
  );
}
