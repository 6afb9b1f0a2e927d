import { text } from '../../text/format';
import { ChoiceCards } from '../../ui/choice-cards';
import { incomeChoices, type IncomeChoice } from './options';

export interface IncomeChoiceCardsProps {
  value: IncomeChoice | undefined;
  copy: Record<string, string>;
  disabled?: boolean;
  onChange: (choice: IncomeChoice) => void;
}

/** The two ways to verify income as option cards; the aggregator (pennyDrop) carries the Recommended badge. */
export function IncomeChoiceCards({ value, copy, disabled, onChange }: IncomeChoiceCardsProps) {
  const options = incomeChoices.map((choice) => ({
    value: choice,
    title: text(copy, `choice.${choice}.title`),
    badge: choice === 'pennyDrop' ? copy.recommended : undefined,
    description: text(copy, `choice.${choice}.text`),
  }));
  return <ChoiceCards kind="radio" selectOnMove options={options} value={value} label={text(copy, 'title')} disabled={disabled} onChange={onChange} />;
}
