import { Button } from 'antd';
import { text } from '../../text/format';
import { ScreenHeader } from '../../ui/screen-header';
import { FormAlert } from '../../ui/form-alert';

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
  const option = (value: BankMode, title: string, detail: string, badge?: string) => (
    <label className={`bank-mode${mode === value ? ' bank-mode-selected' : ''}`}>
      <input type="radio" name="bank-mode" value={value} checked={mode === value} onChange={() => onMode(value)} />
      <span className="bank-mode-text">
        <strong>
          {title}
          {badge ? <span className="bank-badge">{badge}</span> : null}
        </strong>
        <span>{detail}</span>
      </span>
    </label>
  );
  return (
    <>
      <ScreenHeader title={text(copy, 'title')} subtitle={copy.subtitle} />
      {failure ? (
        <FormAlert>{failure}</FormAlert>
      ) : null}
      <fieldset className="bank-modes">
        <legend className="visually-hidden">{text(copy, 'title')}</legend>
        {option('upi', text(copy, 'upiOption'), text(copy, 'upiOptionText'), text(copy, 'recommended'))}
        {option('manual', text(copy, 'manualOption'), text(copy, 'manualOptionText'))}
      </fieldset>
      <Button type="primary" size="large" block onClick={onContinue}>
        {text(copy, 'continue')}
      </Button>
    </>
  );
}
