import { enumOptionsIndexForValue, enumOptionsValueForIndex } from '@rjsf/utils';
import { errorsVisible, useConfigLink, type StepWidgetProps } from '../../src/renderer/public-api/fields';
import './preference-choice.css';

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** One choice of a preference as radio buttons; the chosen option's note and Contact Support show under it. */
export function PreferenceChoiceWidget({ id, value, options, disabled, readonly, onChange, onBlur, rawErrors, registry, schema, label }: StepWidgetProps) {
  const { enumOptions = [], emptyValue } = options;
  const selected = enumOptionsIndexForValue(value, enumOptions, false);
  const notes = options.notes && typeof options.notes === 'object' ? (options.notes as Record<string, unknown>) : {};
  const chosen = value === undefined || value === null ? undefined : String(value);
  const note = chosen !== undefined && typeof notes[chosen] === 'string' ? notes[chosen] : undefined;
  const supportLink = useConfigLink(typeof options.supportLink === 'string' ? options.supportLink : 'support');
  const support = chosen !== undefined && strings(options.support).includes(chosen);
  const invalid = !!rawErrors?.length && errorsVisible(registry.formContext, id, value, schema);
  return (
    <div className="preference-choice">
      {/* Native radios: antd's Radio brings its whole Form runtime along (~10 KB gzip on this route). */}
      <div
        id={id}
        role="radiogroup"
        aria-label={label}
        aria-invalid={invalid || undefined}
        className={options.inline === true ? 'preference-choice-inline' : 'preference-choice-stack'}
      >
        {enumOptions.map((option, index) => (
          <label key={String(index)} className="preference-choice-option">
            <input
              type="radio"
              name={id}
              value={String(index)}
              checked={selected === String(index)}
              disabled={disabled || readonly}
              onChange={(event) => {
                const next: unknown = enumOptionsValueForIndex(event.target.value, enumOptions, emptyValue);
                onChange(next);
                onBlur(id, next);
              }}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {note ? <p className="preference-choice-note">{note}</p> : null}
      {support && supportLink ? (
        <a className="preference-choice-support" href={supportLink} target="_blank" rel="noreferrer">
          {typeof options.supportLabel === 'string' ? options.supportLabel : 'Contact Support'}
        </a>
      ) : null}
    </div>
  );
}
