import { Button, Checkbox, type CheckboxRef } from 'antd';
import { useRef, useState } from 'react';
import type { SkipDeclaration } from '../../core/engine/config-types';
import { ResponsiveModal } from '../ui/responsive-modal';

export interface SkipDeclarationDialogProps {
  declaration: SkipDeclaration;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Skip as a declaration (SEBI's 'I do not wish to nominate'): its text, a box the applicant ticks, then confirm. */
export function SkipDeclarationDialog({ declaration, busy, onConfirm, onCancel }: SkipDeclarationDialogProps) {
  const [ticked, setTicked] = useState(false);
  const [missing, setMissing] = useState(false);
  const box = useRef<CheckboxRef>(null);
  const confirm = () => {
    if (ticked) return onConfirm();
    setMissing(true);
    box.current?.focus();
  };
  return (
    <ResponsiveModal
      open
      title={declaration.title}
      onClose={onCancel}
      footer={
        <div className="skip-declaration-actions">
          <Button size="large" disabled={busy} onClick={onCancel}>
            {declaration.cancel}
          </Button>
          <Button type="primary" size="large" loading={busy} onClick={confirm}>
            {declaration.confirm}
          </Button>
        </div>
      }
    >
      <p className="skip-declaration-text">{declaration.text}</p>
      <Checkbox
        ref={box}
        id="skip-declaration-tick"
        checked={ticked}
        aria-invalid={missing && !ticked ? true : undefined}
        aria-describedby={missing && !ticked ? 'skip-declaration-missing' : undefined}
        onChange={(event) => setTicked(event.target.checked)}
      >
        {declaration.tick}
      </Checkbox>
      {missing && !ticked ? (
        <p id="skip-declaration-missing" className="field-error" role="alert">
          {declaration.missing}
        </p>
      ) : null}
    </ResponsiveModal>
  );
}
