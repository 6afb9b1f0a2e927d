import { Button, Checkbox, type CheckboxRef } from 'antd';
import { useAtomValue } from 'jotai';
import { Fragment, useRef, useState } from 'react';
import type { SkipDeclaration } from '../../core/engine/config-types';
import { errorText } from '../api/api-error';
import { useApi } from '../api/api-context';
import { sendOptOutCodes } from '../api/nominee';
import { userDetailsAtom } from '../state/account';
import { format } from '../text/format';
import { ResponsiveModal } from '../ui/responsive-modal';
import './skip-declaration.css';

export interface OptOutCodes {
  mobileOtp: string;
  emailOtp: string;
}

export interface SkipDeclarationDialogProps {
  declaration: SkipDeclaration;
  busy: boolean;
  /** With the two codes when the declaration is verified by OTP (`verify: 'otp'`). */
  onConfirm: (codes?: OptOutCodes) => void;
  onCancel: () => void;
}

const codeLength = 4;
const digits = (value: string) => value.replace(/[^0-9]/g, '').slice(0, codeLength);

/**
 * Skip as a declaration (SEBI's 'I do not wish to nominate'): its text, a box the applicant ticks, then confirm. When
 * the opt-out is verified by OTP (SEBI, January 2025), confirming first sends a code to the mobile and one to the
 * email, and the applicant types both before it is made.
 */
export function SkipDeclarationDialog({ declaration, busy, onConfirm, onCancel }: SkipDeclarationDialogProps) {
  const api = useApi();
  const user = useAtomValue(userDetailsAtom);
  const [ticked, setTicked] = useState(false);
  const [missing, setMissing] = useState(false);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [codes, setCodes] = useState<OptOutCodes>({ mobileOtp: '', emailOtp: '' });
  const [codeProblem, setCodeProblem] = useState<string | undefined>();
  const box = useRef<CheckboxRef>(null);
  // Plain inputs: this dialog loads with /add-nominee, whose budget antd's Input would break.
  const mobileBox = useRef<HTMLInputElement>(null);
  const otp = declaration.verify === 'otp' ? declaration.otp : undefined;

  const sendCodes = async () => {
    setSending(true);
    setCodeProblem(undefined);
    try {
      await sendOptOutCodes(api);
      setSent(true);
      setTimeout(() => mobileBox.current?.focus(), 0);
    } catch (failure) {
      setCodeProblem(errorText(failure, otp?.missing ?? ''));
    } finally {
      setSending(false);
    }
  };

  const confirm = () => {
    if (!ticked) {
      setMissing(true);
      box.current?.focus();
      return;
    }
    if (!otp) return onConfirm();
    if (!sent) return void sendCodes();
    if (codes.mobileOtp.length < codeLength || codes.emailOtp.length < codeLength) {
      setCodeProblem(otp.missing);
      mobileBox.current?.focus();
      return;
    }
    onConfirm(codes);
  };

  const confirmLabel = !otp ? declaration.confirm : sent ? otp.confirm : otp.send;
  return (
    <ResponsiveModal
      open
      title={declaration.title}
      onClose={onCancel}
      footer={
        <div className="skip-declaration-actions">
          <Button size="large" disabled={busy || sending} onClick={onCancel}>
            {declaration.cancel}
          </Button>
          <Button type="primary" size="large" loading={busy || sending} onClick={confirm}>
            {confirmLabel}
          </Button>
        </div>
      }
    >
      <p className="skip-declaration-text">{declaration.text}</p>
      <Checkbox
        ref={box}
        id="skip-declaration-tick"
        checked={ticked}
        disabled={sent}
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
      {otp ? <p className="skip-declaration-otp-intro">{sent ? otp.sent : otp.intro}</p> : null}
      {otp && sent ? (
        <div className="skip-declaration-codes">
          {(['mobileOtp', 'emailOtp'] as const).map((field) => (
            <Fragment key={field}>
              <label className="field-label" htmlFor={`opt-out-${field}`}>{field === 'mobileOtp' ? format(otp.mobile, { phone: user?.phone ?? '' }) : format(otp.email, { email: user?.email ?? '' })}</label>
              <input
                ref={field === 'mobileOtp' ? mobileBox : undefined}
                className="skip-declaration-code"
                id={`opt-out-${field}`}
                inputMode="numeric"
                autoComplete={field === 'mobileOtp' ? 'one-time-code' : 'off'}
                maxLength={codeLength}
                value={codes[field]}
                aria-invalid={codeProblem ? true : undefined}
                aria-describedby={codeProblem ? 'opt-out-code-problem' : undefined}
                onChange={(event) => setCodes((current) => ({ ...current, [field]: digits(event.target.value) }))}
              />
            </Fragment>
          ))}
        </div>
      ) : null}
      {codeProblem ? (
        <p id="opt-out-code-problem" className="field-error" role="alert">
          {codeProblem}
        </p>
      ) : null}
    </ResponsiveModal>
  );
}
