import { Checkbox } from 'antd';
import { groupLabelledBy, optionDescription, type StepWidgetProps } from '../../src/renderer/public-api/fields';
import { readNote, requiredValues, toggleValue } from './choices';
import './checkbox-cards.css';

/** Options as checkbox cards (segments): what the schema requires stays on; a note box may follow. */
export function CheckboxCardsWidget(props: StepWidgetProps) {
  const { id, value, options, disabled, readonly, label, schema, onChange } = props;
  const choices = options.enumOptions ?? [];
  const selected: unknown[] = Array.isArray(value) ? value : [];
  const locked = requiredValues(schema);
  const note = readNote(options.note);
  const labelledBy = groupLabelledBy(props);
  const toggle = (choice: unknown) => onChange(toggleValue(choices.map((option) => option.value), locked, selected, choice));

  return (
    <>
      <div className="checkbox-cards" role="group" aria-labelledby={labelledBy} aria-label={labelledBy ? undefined : label}>
        {choices.map((option, index) => {
          const isLocked = locked.includes(option.value);
          const lockedNote = isLocked && typeof options.lockedNote === 'string' ? options.lockedNote : undefined;
          const line = [optionDescription(option), lockedNote].filter(Boolean).join(' · ');
          const noteId = `${id}-${index}-note`;
          return (
            <Checkbox
              key={String(option.value)}
              className={isLocked ? 'checkbox-card checkbox-card-locked' : 'checkbox-card'}
              checked={isLocked || selected.includes(option.value)}
              disabled={disabled || readonly || isLocked}
              aria-describedby={line ? noteId : undefined}
              onChange={() => toggle(option.value)}
            >
              <span className="checkbox-card-label">{option.label}</span>
              {line ? (
                <span id={noteId} className="checkbox-card-note">
                  {line}
                </span>
              ) : null}
            </Checkbox>
          );
        })}
      </div>
      {note ? (
        <aside className="checkbox-cards-note">
          <strong>{note.title}</strong>
          <span>{note.text}</span>
          {note.linkText && note.linkUrl ? (
            <a href={note.linkUrl} target="_blank" rel="noreferrer">
              {note.linkText}
            </a>
          ) : null}
        </aside>
      ) : null}
    </>
  );
}
