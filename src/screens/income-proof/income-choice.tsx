import { useRef, type KeyboardEvent } from 'react';
import { text } from '../../text/format';
import { incomeChoices, type IncomeChoice } from './options';

export interface IncomeChoiceCardsProps {
  value: IncomeChoice | undefined;
  copy: Record<string, string>;
  disabled?: boolean;
  onChange: (choice: IncomeChoice) => void;
}

const moves: Readonly<Record<string, number>> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

/** The two ways to verify income as a radio group of cards; the aggregator (pennyDrop) carries the Recommended badge. */
export function IncomeChoiceCards({ value, copy, disabled, onChange }: IncomeChoiceCardsProps) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const tabStop = Math.max(0, incomeChoices.findIndex((choice) => choice === value));
  const onKeyDown = (index: number, event: KeyboardEvent<HTMLButtonElement>) => {
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    const next = (index + move + incomeChoices.length) % incomeChoices.length;
    buttons.current[next]?.focus();
    onChange(incomeChoices[next]!);
  };
  return (
    <div className="income-choices" role="radiogroup" aria-label={text(copy, 'title')}>
      {incomeChoices.map((choice, index) => (
        <button
          key={choice}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          role="radio"
          aria-checked={choice === value}
          aria-describedby={`income-choice-${choice}-text`}
          tabIndex={index === tabStop ? 0 : -1}
          className="income-choice"
          disabled={disabled}
          onClick={() => onChange(choice)}
          onKeyDown={(event) => onKeyDown(index, event)}
        >
          <span className="income-choice-title">
            {text(copy, `choice.${choice}.title`)}
            {choice === 'pennyDrop' && copy.recommended ? <span className="income-choice-badge">{copy.recommended}</span> : null}
          </span>
          <span className="income-choice-text" id={`income-choice-${choice}-text`}>
            {text(copy, `choice.${choice}.text`)}
          </span>
        </button>
      ))}
    </div>
  );
}
