import { Button } from 'antd';
import { useRef, useState, type KeyboardEvent } from 'react';
import { formText, groupLabelledBy, orderedOptions, pagerOf, type StepWidgetProps } from '../../src/renderer/public-api/fields';
import { collapseRule, visibleOptions } from './visible-options';
import './option-cards.css';

const moves: Readonly<Record<string, number>> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };

/** One question as a radio group of option cards; on a page of its own, choosing records it and moves on. */
export function OptionCardsWidget(props: StepWidgetProps) {
  const { name, value, options, disabled, readonly, label, onChange, registry } = props;
  const [expanded, setExpanded] = useState(false);
  const all = orderedOptions(options.enumOptions, options.reverse);
  const { shown, hidden } = visibleOptions(all, collapseRule(options), expanded, value);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  // Roving focus: one tab stop for the group (the chosen option, else the first); arrows move between options.
  const tabStop = Math.max(0, shown.findIndex((option) => option.value === value));
  const labelledBy = groupLabelledBy(props);

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLButtonElement>) => {
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    buttons.current[(index + move + shown.length) % shown.length]?.focus();
  };
  const choose = (chosen: unknown) => {
    onChange(chosen);
    pagerOf(registry.formContext)?.chosen(name);
  };

  return (
    <>
      <div className="option-cards" role="radiogroup" aria-labelledby={labelledBy} aria-label={labelledBy ? undefined : label}>
        {shown.map((option, index) => (
          <button
            key={String(option.value)}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="radio"
            aria-checked={option.value === value}
            tabIndex={index === tabStop ? 0 : -1}
            className="option-card"
            disabled={disabled || readonly}
            onClick={() => choose(option.value)}
            onKeyDown={(event) => onKeyDown(index, event)}
          >
            {option.label}
          </button>
        ))}
      </div>
      {hidden > 0 || expanded ? (
        <Button type="link" className="option-cards-more" aria-expanded={expanded} onClick={() => setExpanded((open) => !open)}>
          {formText(registry.formContext, expanded ? 'viewLess' : 'viewMore')}
        </Button>
      ) : null}
    </>
  );
}
