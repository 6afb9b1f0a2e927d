import { useId, useRef, type KeyboardEvent } from 'react';
import './choice-cards.css';

/** One option as a card: its title, and optionally a badge ('Recommended') and a line that explains it. */
export interface ChoiceCardOption<T> {
  value: T;
  title: string;
  badge?: string | undefined;
  description?: string | undefined;
  /** A checkbox card that stays ticked (what the schema requires): shown on, not available to untick. */
  locked?: boolean | undefined;
}

interface ChoiceCardsBase<T> {
  options: readonly ChoiceCardOption<T>[];
  /** The group's name: the id of its question's label, else the words. */
  labelledBy?: string | undefined;
  label?: string | undefined;
  disabled?: boolean | undefined;
  /** Two columns on wider screens (short titles: gender, occupation); one card a line otherwise. */
  columns?: 1 | 2;
}

export interface RadioCardsProps<T> extends ChoiceCardsBase<T> {
  kind: 'radio';
  value: T | undefined;
  onChange: (value: T) => void;
  /** The arrows choose as they move, like native radios; off where choosing also moves the page on. */
  selectOnMove?: boolean;
}

export interface CheckboxCardsProps<T> extends ChoiceCardsBase<T> {
  kind: 'checkbox';
  values: readonly T[];
  onToggle: (value: T) => void;
}

const moves: Readonly<Record<string, number>> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

/**
 * The one option card of every card-like choice (a question's options, segments, income verification, bank
 * verification): a bordered card with a radio or box mark, the title (and badge), an optional line under it; the
 * chosen card in the brand's colour; a focus ring of its own. A radio group has one tab stop and moves by arrows.
 */
export function ChoiceCards<T>(props: RadioCardsProps<T> | CheckboxCardsProps<T>) {
  const { options, labelledBy, label, disabled, columns = 1 } = props;
  const baseId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const isOn = (option: ChoiceCardOption<T>) => (props.kind === 'radio' ? option.value === props.value : !!option.locked || props.values.includes(option.value));
  // Roving focus (radios): one tab stop for the group (the chosen option, else the first).
  const tabStop = Math.max(0, options.findIndex((option) => props.kind === 'radio' && option.value === props.value));

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLButtonElement>) => {
    const move = moves[event.key];
    if (props.kind !== 'radio' || move === undefined) return;
    event.preventDefault();
    const next = (index + move + options.length) % options.length;
    buttons.current[next]?.focus();
    const option = options[next];
    if (props.selectOnMove && option) props.onChange(option.value);
  };
  const activate = (option: ChoiceCardOption<T>) => {
    if (props.kind === 'radio') props.onChange(option.value);
    else if (!option.locked) props.onToggle(option.value);
  };

  return (
    <div
      className={`choice-cards${columns === 2 ? ' choice-cards-two' : ''}`}
      role={props.kind === 'radio' ? 'radiogroup' : 'group'}
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
    >
      {options.map((option, index) => {
        const titleId = `${baseId}-${index}-title`;
        const descriptionId = `${baseId}-${index}-text`;
        return (
          <button
            key={String(option.value)}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role={props.kind}
            aria-checked={isOn(option)}
            aria-labelledby={titleId}
            aria-describedby={option.description ? descriptionId : undefined}
            tabIndex={props.kind === 'radio' ? (index === tabStop ? 0 : -1) : undefined}
            className={`choice-card${option.locked ? ' choice-card-locked' : ''}`}
            disabled={disabled || option.locked}
            onClick={() => activate(option)}
            onKeyDown={(event) => onKeyDown(index, event)}
          >
            <span className={`choice-card-mark choice-card-mark-${props.kind}`} aria-hidden="true" />
            <span className="choice-card-body">
              <span className="choice-card-title" id={titleId}>
                {option.title}
                {option.badge ? <span className="choice-card-badge">{option.badge}</span> : null}
              </span>
              {option.description ? (
                <span className="choice-card-text" id={descriptionId}>
                  {option.description}
                </span>
              ) : null}
            </span>
          </button>
        );
      })}
    </div>
  );
}
