import { groupLabelledBy, optionDescription, type StepWidgetProps } from '../../src/renderer/public-api/fields';
import { ChoiceCards } from '../../src/renderer/public-api/choices';
import { readNote, requiredValues, toggleValue } from './choices';
import './checkbox-cards.css';

/** Options as checkbox cards (segments): what the schema requires stays on; a note box may follow. */
export function CheckboxCardsWidget(props: StepWidgetProps) {
  const { value, options, disabled, readonly, label, schema, onChange } = props;
  const choices = options.enumOptions ?? [];
  const selected: unknown[] = Array.isArray(value) ? value : [];
  const locked = requiredValues(schema);
  const note = readNote(options.note);
  const lockedNote = typeof options.lockedNote === 'string' ? options.lockedNote : undefined;
  const toggle = (choice: unknown) => onChange(toggleValue(choices.map((option) => option.value), locked, selected, choice));
  const cards = choices.map((option) => {
    const isLocked = locked.includes(option.value);
    const line = [optionDescription(option), isLocked ? lockedNote : undefined].filter(Boolean).join(' · ');
    return { value: option.value as unknown, title: option.label, description: line || undefined, locked: isLocked };
  });

  return (
    <>
      <ChoiceCards
        kind="checkbox"
        options={cards}
        values={selected}
        labelledBy={groupLabelledBy(props)}
        label={label}
        disabled={disabled || readonly}
        onToggle={toggle}
      />
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
