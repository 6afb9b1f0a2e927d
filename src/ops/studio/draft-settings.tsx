import { useState, type FormEvent } from 'react';
import type { StudioDraftView } from '../../../core/api/types';
import { useOpsSession } from '../ops-session';
import { t, tOf } from '../ops-texts';
import { type DraftSectionProps, FindingsAt } from './draft-section';

type Setting = StudioDraftView['settings'][number];

const shown = (value: Setting['value']) => (Array.isArray(value) ? value.join(', ') : String(value));

/** A value as typed: a whole number, or whole numbers separated by commas for a list of days; undefined otherwise. */
function parsed(setting: Setting, typed: string): Setting['value'] | undefined {
  const numbers = typed.split(',').map((part) => part.trim());
  if (numbers.some((part) => !/^\d{1,5}$/.test(part))) return undefined;
  const values = numbers.map(Number);
  return Array.isArray(setting.value) ? values : values.length === 1 ? values[0] : undefined;
}

/**
 * What the config check found at a setting, in the setting's terms: a bound it broke reads as that bound; any other
 * finding loses the file and JSON path it starts with (the setting it concerns is named by where it is shown).
 */
function inWords(problem: string): string {
  const bound = / must be ([<>]=) (\d+)$/.exec(problem);
  if (bound) return t(bound[1] === '<=' ? 'studioSettingAtMost' : 'studioSettingAtLeast', { limit: Number(bound[2]) });
  // 'flow-config/flow.json: review.rectification.reminderDays/1: day 20 is not before…' → 'Day 20 is not before…'
  const words = problem.replace(/^(?:[^\s:]+: )+/, '').replace(/^\/\S+ /, '');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One setting: its value, the check's limits, what the check finds at it, and its own Save. */
function SettingField({ setting, findings, editable, onSave }: { setting: Setting; findings: string[]; editable: boolean; onSave(value: Setting['value']): Promise<void> }) {
  const [typed, setTyped] = useState(shown(setting.value));
  const id = `setting-${setting.key}`;
  const value = parsed(setting, typed);
  const limits =
    setting.minimum === null ? null : setting.maximum === null ? t('studioSettingMinimum', { minimum: setting.minimum }) : t('studioSettingRange', { minimum: setting.minimum, maximum: setting.maximum });
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (value !== undefined) void onSave(value);
  };
  return (
    <form className="ops-filters" onSubmit={save} aria-labelledby={`${id}-label`}>
      <div className="ops-field ops-grow">
        <label id={`${id}-label`} htmlFor={id}>
          {tOf('studioSetting', setting.key)}
        </label>
        <input id={id} inputMode="numeric" readOnly={!editable} value={typed} aria-describedby={`${id}-limits`} onChange={(event) => setTyped(event.target.value)} />
        <span id={`${id}-limits`}>{limits}</span>
        <FindingsAt findings={findings} />
      </div>
      {editable ? (
        <button type="submit" className="ops-button" disabled={value === undefined || typed === shown(setting.value)} aria-label={`${t('studioSave')}: ${tOf('studioSetting', setting.key)}`}>
          {t('studioSave')}
        </button>
      ) : null}
    </form>
  );
}

/** The settings of the draft (nominees, rectification days, reminder days), each checked as check:config checks it. */
export function DraftSettings({ view, path, editable, onSaved, onNotice }: DraftSectionProps) {
  const { client } = useOpsSession();
  const save = async (setting: Setting, value: Setting['value']) => {
    try {
      onSaved(await client.put<StudioDraftView>(`${path}/settings/${setting.key}`, { version: view.draft.version, value }));
      onNotice({ error: false, text: t('studioSettingSaved', { setting: tOf('studioSetting', setting.key) }) });
    } catch (failure) {
      onNotice({ error: true, text: t('failed', { message: (failure as Error).message }) });
    }
  };
  return (
    <section aria-labelledby="settings-title">
      <h2 id="settings-title">{t('studioSettings')}</h2>
      {view.settings.map((setting) => (
        <SettingField
          key={`${setting.key} ${view.draft.version}`}
          setting={setting}
          editable={editable}
          findings={view.findings.filter(({ textId, problem }) => textId === null && problem.startsWith('flow-config/flow.json') && problem.includes(setting.key)).map(({ problem }) => inWords(problem))}
          onSave={(value) => save(setting, value)}
        />
      ))}
    </section>
  );
}
