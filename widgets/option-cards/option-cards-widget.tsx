import { Button } from 'antd';
import { useState } from 'react';
import { formText, groupLabelledBy, optionDescription, orderedOptions, pagerOf, type StepWidgetProps } from '../../src/renderer/public-api/fields';
import { ChoiceCards } from '../../src/renderer/public-api/choices';
import { collapseRule, visibleOptions } from './visible-options';
import './option-cards.css';

/** One question as a radio group of option cards; on a page of its own, choosing records it and moves on. */
export function OptionCardsWidget(props: StepWidgetProps) {
  const { name, value, options, disabled, readonly, label, onChange, registry } = props;
  const [expanded, setExpanded] = useState(false);
  const all = orderedOptions(options.enumOptions, options.reverse);
  const { shown, hidden } = visibleOptions(all, collapseRule(options), expanded, value);
  const labelledBy = groupLabelledBy(props);
  const choose = (chosen: unknown) => {
    onChange(chosen);
    pagerOf(registry.formContext)?.chosen(name);
  };

  return (
    <>
      {/* The arrows only move: choosing moves the page on, so it waits for Space or a tap. */}
      <ChoiceCards
        kind="radio"
        columns={2}
        options={shown.map((option) => ({ value: option.value as unknown, title: option.label, description: optionDescription(option) }))}
        value={value as unknown}
        labelledBy={labelledBy}
        label={label}
        disabled={disabled || readonly}
        onChange={choose}
      />
      {hidden > 0 || expanded ? (
        <Button type="link" className="option-cards-more" aria-expanded={expanded} onClick={() => setExpanded((open) => !open)}>
          {formText(registry.formContext, expanded ? 'viewLess' : 'viewMore')}
        </Button>
      ) : null}
    </>
  );
}
