import { useEffect, useState, type FormEvent } from 'react';
import type { StudioDraftView, StudioListsView } from '../../../core/api/types';
import { useOpsSession } from '../ops-session';
import { t, tOf } from '../ops-texts';
import { type DraftSectionProps, FindingsAt, NamingLanguage } from './draft-section';

type List = StudioListsView['lists'][number];
type Option = List['options'][number];


/** Moves `options[index]` by `step` places. */
function moved(options: readonly Option[], index: number, step: number): Option[] {
  const next = [...options];
  const [option] = next.splice(index, 1);
  if (option) next.splice(index + step, 0, option);
  return next;
}

/**
 * The draft's option lists: pick one, reword each option in every language, move it, retire it (or bring it back),
 * add one with its words; each option says how many applications chose it. Saved as one change of the list.
 */
export function DraftLists({ view, path, editable, onSaved, onNotice }: DraftSectionProps) {
  const { client } = useOpsSession();
  const [lists, setLists] = useState<List[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [options, setOptions] = useState<Option[]>([]);
  const [fresh, setFresh] = useState<Record<string, string>>({});
  const fail = (failure: unknown) => onNotice({ error: true, text: t('failed', { message: (failure as Error).message }) });
  const { version } = view.draft;

  useEffect(() => {
    client.get<StudioListsView>(`${path}/lists`).then((answer) => {
      setLists(answer.lists);
      setChosen((name) => name || (answer.lists[0]?.name ?? ''));
    }, fail);
    // The lists are read again after each change of the draft (its version).
  }, [client, path, version]);
  useEffect(() => setOptions(lists?.find(({ name }) => name === chosen)?.options ?? []), [lists, chosen]);

  if (!lists) return null;
  const list = lists.find(({ name }) => name === chosen);
  const languages = view.languages;
  const english = languages.find((language) => language.default)?.code ?? 'en';
  const labelOf = (option: Option) => option.words[english] ?? option.value;
  // What the check finds at an option: its words missing in a language, say (named as the texts name the option).
  const findingsAt = (option: Option) => view.findings.filter(({ where }) => where?.startsWith(`List '${chosen}' › option '${option.value}'`)).map(({ said }) => said);
  const setWords = (index: number, code: string, words: string) => setOptions(options.map((option, at) => (at === index ? { ...option, words: { ...option.words, [code]: words } } : option)));
  const toggle = (index: number) => setOptions(options.map((option, at) => (at === index ? { ...option, status: option.status === 'retired' ? 'kept' : 'retired' } : option)));

  const add = (event: FormEvent) => {
    event.preventDefault();
    const value = (fresh[english] ?? '').trim();
    if (!value) return;
    setOptions([...options, { value, words: Object.fromEntries(languages.map(({ code }) => [code, fresh[code]?.trim() || null])), chosen: 0, open: 0, status: 'added' }]);
    setFresh({});
  };
  const save = async () => {
    const kept = options.filter(({ status }) => status !== 'retired');
    const body = { version, options: kept.map(({ value, words }) => ({ value, words: Object.fromEntries(Object.entries(words).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '')) })) };
    try {
      onSaved(await client.put<StudioDraftView>(`${path}/lists/${encodeURIComponent(chosen)}`, body));
      onNotice({ error: false, text: t('studioListSaved', { list: chosen }) });
    } catch (failure) {
      fail(failure);
    }
  };

  return (
    <section aria-labelledby="lists-title">
      <h2 id="lists-title">{t('studioLists')}</h2>
      <p>{t('studioListsHint')}</p>
      <div className="ops-field">
        <label htmlFor="studio-list">{t('studioList')}</label>
        <select id="studio-list" value={chosen} onChange={(event) => setChosen(event.target.value)}>
          {lists.map(({ name }) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      {list ? <p>{list.questions.length > 0 ? t('studioListAskedBy', { questions: list.questions.join('; ') }) : t('studioListUnused')}</p> : null}
      <ol className="ops-studio-options">
        {options.map((option, index) => {
          const label = labelOf(option);
          const retired = option.status === 'retired';
          return (
            <li key={option.value}>
              <fieldset className="ops-studio-text" aria-labelledby={`option-${index}`}>
                <legend id={`option-${index}`}>
                  {label}
                  {option.status !== 'kept' ? <span className="ops-badge">{tOf('studioOptionStatus', option.status)}</span> : null}
                </legend>
                <p>
                  {t('studioOptionChosen', { chosen: option.chosen, open: option.open })}. {t('studioOptionValue', { value: option.value })}
                </p>
                <FindingsAt findings={findingsAt(option)} />
                <div className="ops-studio-languages">
                  {languages.map(({ code, name }) => (
                    <div key={code} className="ops-field ops-grow" lang={code}>
                      <label htmlFor={`option-${index}-${code}`}>{name}</label>
                      <input id={`option-${index}-${code}`} maxLength={500} readOnly={!editable || retired} value={option.words[code] ?? ''} onChange={(event) => setWords(index, code, event.target.value)} />
                    </div>
                  ))}
                </div>
                {editable ? (
                  <div className="ops-filters">
                    <button type="button" className="ops-button ops-button-quiet" disabled={index === 0} aria-label={`${t('studioMoveUp')}: ${label}`} onClick={() => setOptions(moved(options, index, -1))}>
                      {t('studioMoveUp')}
                    </button>
                    <button type="button" className="ops-button ops-button-quiet" disabled={index === options.length - 1} aria-label={`${t('studioMoveDown')}: ${label}`} onClick={() => setOptions(moved(options, index, 1))}>
                      {t('studioMoveDown')}
                    </button>
                    <button type="button" className="ops-button ops-button-quiet" aria-label={`${t(retired ? 'studioRestore' : 'studioRetire')}: ${label}`} onClick={() => toggle(index)}>
                      {t(retired ? 'studioRestore' : 'studioRetire')}
                    </button>
                  </div>
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ol>
      {editable ? (
        <>
          <form className="ops-filters" onSubmit={add} aria-labelledby="new-option-title">
            <h3 id="new-option-title" className="ops-wide">
              {t('studioNewOption')}
            </h3>
            {languages.map(({ code, name }) => (
              <label key={code} className="ops-field ops-grow">
                <span>
                  <NamingLanguage text="studioNewOptionWords" code={code} name={name} />
                </span>
                <input lang={code} maxLength={200} value={fresh[code] ?? ''} onChange={(event) => setFresh({ ...fresh, [code]: event.target.value })} />
              </label>
            ))}
            <button type="submit" className="ops-button ops-button-quiet" disabled={!(fresh[english] ?? '').trim()}>
              {t('studioAddOption')}
            </button>
          </form>
          <button type="button" className="ops-button" onClick={() => void save()}>
            {t('studioSaveList')}
          </button>
        </>
      ) : null}
    </section>
  );
}
