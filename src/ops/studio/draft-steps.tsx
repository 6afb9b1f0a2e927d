import { useState, type FormEvent } from 'react';
import type { StudioDraftView } from '../../../core/api/types';
import { useOpsSession } from '../ops-session';
import { t, tOf } from '../ops-texts';
import { type DraftSectionProps, NamingLanguage } from './draft-section';

const kinds = ['text', 'choice', 'yesNo', 'date', 'file'] as const;
type Kind = (typeof kinds)[number];

interface Field {
  kind: Kind;
  label: Record<string, string>;
  required: boolean;
  /** A choice's options, one a line: the default language's words, then '|' and the other language's. */
  options: string;
}


/**
 * The journey's steps in order (each dragged to its place or moved up or down, the config check holding the order to
 * its rules), and a new
 * form step from the template: its title and questions from the palette, in every language.
 */
export function DraftSteps({ view, path, editable, onSaved, onNotice }: DraftSectionProps) {
  const { client } = useOpsSession();
  const { steps, languages } = view;
  const english = languages.find((language) => language.default)?.code ?? 'en';
  const other = languages.find((language) => !language.default);
  const [title, setTitle] = useState<Record<string, string>>({});
  const [after, setAfter] = useState(steps.at(-1)?.id ?? '');
  const [fields, setFields] = useState<Field[]>([]);
  // The row a dragged step is over (drawn as the place it would take).
  const [dropOn, setDropOn] = useState<string>();
  const fail = (failure: unknown) => onNotice({ error: true, text: t('failed', { message: (failure as Error).message }) });

  const place = async (step: { id: string; title: string }, behind: string) => {
    try {
      onSaved(await client.put<StudioDraftView>(`${path}/steps/${encodeURIComponent(step.id)}/place`, { version: view.draft.version, after: behind }));
      onNotice({ error: false, text: t('studioStepMoved', { title: step.title }) });
    } catch (failure) {
      fail(failure);
    }
  };
  const change = (index: number, patch: Partial<Field>) => setFields(fields.map((field, at) => (at === index ? { ...field, ...patch } : field)));
  const options = (field: Field) =>
    field.options
      .split('\n')
      .map((line) => line.split('|').map((part) => part.trim()))
      .filter(([words]) => words)
      .map(([words = '', translated = '']) => ({ value: words, words: { [english]: words, ...(other && translated ? { [other.code]: translated } : {}) } }));
  const create = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      version: view.draft.version,
      title: Object.fromEntries(Object.entries(title).filter(([, words]) => words.trim())),
      after,
      fields: fields.map((field) => ({
        kind: field.kind,
        label: Object.fromEntries(Object.entries(field.label).filter(([, words]) => words.trim())),
        required: field.required,
        ...(field.kind === 'choice' ? { options: options(field) } : {}),
      })),
    };
    try {
      onSaved(await client.post<StudioDraftView>(`${path}/steps`, body));
      onNotice({ error: false, text: t('studioStepAdded', { title: title[english] ?? '' }) });
      setTitle({});
      setFields([]);
    } catch (failure) {
      fail(failure);
    }
  };

  return (
    <section aria-labelledby="steps-title">
      <h2 id="steps-title">{t('studioSteps')}</h2>
      <p>{t('studioStepsHint')}</p>
      <ol className="ops-studio-steps">
        {steps.map((step, index) => (
          <li
            key={step.id}
            draggable={editable}
            data-dropping={dropOn === step.id ? '' : undefined}
            onDragStart={(event) => {
              event.dataTransfer.setData('text/plain', step.id);
              event.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(event) => {
              if (!editable) return;
              event.preventDefault();
              setDropOn(step.id);
            }}
            onDragLeave={() => setDropOn(undefined)}
            onDragEnd={() => setDropOn(undefined)}
            onDrop={(event) => {
              event.preventDefault();
              setDropOn(undefined);
              const from = steps.findIndex(({ id }) => id === event.dataTransfer.getData('text/plain'));
              const dragged = steps[from];
              if (!dragged || from === index) return;
              // Dropped on a row, the step takes that row's place: after it going down, before it going up.
              void place(dragged, from < index ? step.id : (steps[index - 1]?.id ?? ''));
            }}
          >
            <span>{step.title}</span>
            {editable ? (
              <>
                <button type="button" className="ops-button ops-button-quiet" disabled={index < 2} aria-label={`${t('studioMoveUp')}: ${step.title}`} onClick={() => void place(step, steps[index - 2]?.id ?? '')}>
                  {t('studioMoveUp')}
                </button>
                <button type="button" className="ops-button ops-button-quiet" disabled={index === steps.length - 1} aria-label={`${t('studioMoveDown')}: ${step.title}`} onClick={() => void place(step, steps[index + 1]?.id ?? '')}>
                  {t('studioMoveDown')}
                </button>
              </>
            ) : null}
          </li>
        ))}
      </ol>
      {editable ? (
        <form onSubmit={(event) => void create(event)} aria-labelledby="new-step-title">
          <h3 id="new-step-title">{t('studioNewStep')}</h3>
          <div className="ops-filters">
            {languages.map(({ code, name }) => (
              <label key={code} className="ops-field ops-grow">
                <span>
                  <NamingLanguage text="studioStepTitle" code={code} name={name} />
                </span>
                <input lang={code} maxLength={100} value={title[code] ?? ''} onChange={(event) => setTitle({ ...title, [code]: event.target.value })} />
              </label>
            ))}
            <label className="ops-field">
              <span>{t('studioStepAfter')}</span>
              <select value={after} onChange={(event) => setAfter(event.target.value)}>
                {steps.map((step) => (
                  <option key={step.id} value={step.id}>
                    {step.title}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {fields.map((field, index) => (
            <fieldset key={index} className="ops-studio-text" aria-labelledby={`field-${index}`}>
              <legend id={`field-${index}`}>{t('studioQuestion', { number: index + 1, kind: tOf('studioFieldKind', field.kind) })}</legend>
              <div className="ops-studio-languages">
                {languages.map(({ code, name }) => (
                  <label key={code} className="ops-field ops-grow">
                    <span>
                      <NamingLanguage text="studioFieldLabel" code={code} name={name} />
                    </span>
                    <input lang={code} maxLength={200} value={field.label[code] ?? ''} onChange={(event) => change(index, { label: { ...field.label, [code]: event.target.value } })} />
                  </label>
                ))}
              </div>
              {field.kind === 'choice' ? (
                <label className="ops-field">
                  <span>
                    <NamingLanguage text="studioFieldOptions" code={other?.code ?? english} name={other?.name ?? ''} />
                  </span>
                  <textarea rows={3} maxLength={2000} value={field.options} onChange={(event) => change(index, { options: event.target.value })} />
                </label>
              ) : null}
              <div className="ops-filters">
                <label>
                  <input type="checkbox" checked={field.required} onChange={(event) => change(index, { required: event.target.checked })} /> {t('studioFieldRequired')}
                </label>
                <button type="button" className="ops-button ops-button-quiet" onClick={() => setFields(fields.filter((_, at) => at !== index))}>
                  {t('studioRemoveField', { number: index + 1 })}
                </button>
              </div>
            </fieldset>
          ))}
          <div className="ops-filters">
            {kinds.map((kind) => (
              <button key={kind} type="button" className="ops-button ops-button-quiet" onClick={() => setFields([...fields, { kind, label: {}, required: false, options: '' }])}>
                {tOf('studioAddField', kind)}
              </button>
            ))}
            <button type="submit" className="ops-button" disabled={fields.length === 0 || !title[english]?.trim()}>
              {t('studioCreateStep')}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
