import { useState, type FormEvent } from 'react';
import { useConfig } from '../config/config-context';
import { stepTitle } from './ops-format';
import { ops, t } from './ops-texts';
import { OpsAlert } from './ops-alert';

const own = '__own';

interface Choice {
  template: string;
  text: string;
}

/**
 * Which steps to send back, each with a reason: a template from flow-config/ops.json or the reviewer's own words.
 * Only the steps flow.json lets a reviewer reject are offered.
 */
export function RejectForm({ busy, onSend, onCancel }: { busy: boolean; onSend: (reasons: Record<string, string>) => void; onCancel: () => void }) {
  const { flow } = useConfig();
  const [chosen, setChosen] = useState<Record<string, Choice>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const reasonOf = (step: string) => {
    const choice = chosen[step];
    if (!choice) return '';
    return (choice.template === own || !(ops.reasons[step]?.length) ? choice.text : choice.template).trim();
  };
  const toggle = (step: string, on: boolean) =>
    setChosen(({ [step]: _left, ...rest }) => (on ? { ...rest, [step]: { template: '', text: '' } } : rest));
  const change = (step: string, patch: Partial<Choice>) => setChosen((all) => ({ ...all, [step]: { template: '', text: '', ...all[step], ...patch } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const steps = Object.keys(chosen);
    if (steps.length === 0) return setProblem(t('rejectNone'));
    const missing = steps.find((step) => reasonOf(step) === '');
    if (missing) {
      setProblem(t('reasonMissing', { step: stepTitle(flow, missing) }));
      document.getElementById(`reason-${missing}`)?.focus();
      return;
    }
    setProblem(null);
    onSend(Object.fromEntries(steps.map((step) => [step, reasonOf(step)])));
  };

  return (
    <form className="ops-reject" onSubmit={submit} noValidate>
      <fieldset>
        <legend>{t('rejectTitle')}</legend>
        <p>{t('rejectHint')}</p>
        {flow.review.rejectable.map((step) => {
          const choice = chosen[step];
          const templates = ops.reasons[step] ?? [];
          const writing = choice && (choice.template === own || templates.length === 0);
          return (
            <div key={step} className="ops-reject-step">
              <label className="ops-check">
                <input type="checkbox" checked={choice !== undefined} onChange={(event) => toggle(step, event.target.checked)} />
                <span>{stepTitle(flow, step)}</span>
              </label>
              {choice && templates.length > 0 ? (
                <label className="ops-field">
                  <span>{t('reasonLabel', { step: stepTitle(flow, step) })}</span>
                  <select id={writing ? undefined : `reason-${step}`} value={choice.template} onChange={(event) => change(step, { template: event.target.value })}>
                    <option value="">{t('reasonTemplate')}</option>
                    {templates.map((template) => (
                      <option key={template} value={template}>
                        {template}
                      </option>
                    ))}
                    <option value={own}>{t('reasonOwn')}</option>
                  </select>
                </label>
              ) : null}
              {writing ? (
                <label className="ops-field">
                  <span>{t('reasonText')}</span>
                  <textarea id={`reason-${step}`} maxLength={500} rows={2} value={choice.text} onChange={(event) => change(step, { text: event.target.value })} />
                </label>
              ) : null}
            </div>
          );
        })}
      </fieldset>
      <OpsAlert text={problem} />
      <div className="ops-row">
        <button type="submit" className="ops-button ops-button-danger" disabled={busy}>
          {t('rejectSubmit')}
        </button>
        <button type="button" className="ops-button ops-button-quiet" onClick={onCancel} disabled={busy}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
