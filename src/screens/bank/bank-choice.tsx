import { Button } from 'antd';
import { text } from '../../text/format';
import { ScreenHeader } from '../../ui/screen-header';
import { FormAlert } from '../../ui/form-alert';
import { ChoiceCards } from '../../ui/choice-cards';

/** The spec's verification modes: pennyDrop is instant UPI (key rpd), manual is IFSC and account number (penny_drop). */
export type BankMode = 'upi' | 'manual';

export interface BankChoiceProps {
  copy: Record<string, string>;
  mode: BankMode;
  failure?: string | undefined;
  onMode: (mode: BankMode) => void;
  onContinue: () => void;
}

/** 'Link your Bank Account': instant UPI (Recommended) or manual, as two option cards. */
export function BankChoice({ copy, mode, failure, onMode, onContinue }: BankChoiceProps) {
  const options = [
    { value: 'upi' as const, title: text(copy, 'upiOption'), description: text(copy, 'upiOptionText'), badge: text(copy, 'recommended') },
    { value: 'manual' as const, title: text(copy, 'manualOption'), description: text(copy, 'manualOptionText') },
  ];
  return (
    <>
      <ScreenHeader title={text(copy, 'title')} subtitle={copy.subtitle} />
      {failure ? (
        <FormAlert>{failure}</FormAlert>
      ) : null}
      <div className="bank-choice">
        <ChoiceCards kind="radio" selectOnMove options={options} value={mode} label={text(copy, 'title')} onChange={onMode} />
      </div>
      <Button type="primary" size="large" block onClick={onContinue}>
        {text(copy, 'continue')}
      </Button>
    </>
  );
}
