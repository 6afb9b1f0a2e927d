import { Button } from 'antd';
import { useRef, useState, type KeyboardEvent } from 'react';
import { text } from '../../text/format';
import type { ChoiceStep } from './options';
import { choiceOptions, textAnswer, visibleOptions } from './questions';
import type { StepViewProps } from './step-view';

const moves: Readonly<Record<string, number>> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

/** One question as a radio group of option cards: picking one records it and moves on. */
export function ChoiceStepView({ step, wizard, schema, copy, viewMoreAfter, titleId, onNext, busy }: StepViewProps<ChoiceStep>) {
  const [expanded, setExpanded] = useState(false);
  const chosen = textAnswer(wizard.answers, step.field);
  const options = choiceOptions(step, schema);
  const { shown, hidden } = visibleOptions(options, viewMoreAfter, expanded, chosen);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  // Roving focus: one tab stop for the group (the chosen option, else the first); arrows move between options.
  const tabStop = Math.max(0, shown.findIndex((option) => option.value === chosen));

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLButtonElement>) => {
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    buttons.current[(index + move + shown.length) % shown.length]?.focus();
  };

  return (
    <>
      <div className="pd-options" role="radiogroup" aria-labelledby={titleId}>
        {shown.map((option, index) => (
          <button
            key={option.value}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="radio"
            aria-checked={option.value === chosen}
            tabIndex={index === tabStop ? 0 : -1}
            className="pd-option"
            disabled={busy}
            onClick={() => wizard.choose(step.field, option.value)}
            onKeyDown={(event) => onKeyDown(index, event)}
          >
            {option.label}
          </button>
        ))}
      </div>
      {hidden > 0 || expanded ? (
        <Button type="link" className="pd-more" aria-expanded={expanded} onClick={() => setExpanded((value) => !value)}>
          {text(copy, expanded ? 'viewLess' : 'viewMore')}
        </Button>
      ) : null}
      {chosen ? (
        <Button type="primary" size="large" block onClick={onNext} disabled={busy}>
          {text(copy, 'next')}
        </Button>
      ) : null}
    </>
  );
}
