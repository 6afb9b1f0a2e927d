import { useState } from 'react';
import type { StudioDraftView, StudioTextView } from '../../../core/api/types';
import { t } from '../ops-texts';
import { FindingsAt } from './draft-section';

interface TextWordsProps {
  text: StudioTextView;
  languages: StudioDraftView['languages'];
  /** False: read only (the draft is not being edited, or the reader may not edit). */
  editable: boolean;
  /** What the config check finds at this text: shown with it, announced as it appears. */
  findings: string[];
  onSave(language: string, words: string): Promise<void>;
}

/** One text of the config: where it is shown, and its words in every language side by side, each saved on its own. */
export function TextWords({ text, languages, editable, findings, onSave }: TextWordsProps) {
  const [draft, setDraft] = useState<Record<string, string>>(() => Object.fromEntries(languages.map(({ code }) => [code, text.words[code] ?? ''])));
  const [saving, setSaving] = useState<string | null>(null);
  const headingId = `text-${text.id}`;
  return (
    <fieldset className="ops-studio-text" aria-labelledby={headingId}>
      <legend id={headingId}>
        {text.where}
        {text.evidence ? <span className="ops-badge">{t('studioEvidence')}</span> : null}
      </legend>
      <FindingsAt findings={findings} />
      <div className="ops-studio-languages">
        {languages.map(({ code, name }) => {
          const changed = (draft[code] ?? '') !== (text.words[code] ?? '');
          return (
            <div key={code} className="ops-field ops-grow" lang={code}>
              <label htmlFor={`${headingId}-${code}`}>{name}</label>
              <textarea
                id={`${headingId}-${code}`}
                rows={Math.min(6, Math.max(2, Math.ceil((draft[code] ?? '').length / 60)))}
                maxLength={5000}
                readOnly={!editable}
                value={draft[code] ?? ''}
                onChange={(event) => setDraft({ ...draft, [code]: event.target.value })}
              />
              {editable ? (
                <button
                  type="button"
                  className="ops-button"
                  disabled={!changed || saving !== null}
                  aria-label={`${t('studioSave')}: ${name}, ${text.where}`}
                  onClick={() => {
                    setSaving(code);
                    void onSave(code, draft[code] ?? '').finally(() => setSaving(null));
                  }}
                >
                  {t('studioSave')}
                </button>
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
