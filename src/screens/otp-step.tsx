import { Button } from 'antd';
import { useState } from 'react';
import { errorText } from '../api/api-error';
import { useRecordEvent } from '../api/use-record-event';
import { useConfig } from '../config/config-context';
import { useFormStatus } from '../state/form-status';
import { text } from '../text/format';
import { messageText } from '../../core/engine/message-codes';
import { emptyCode, isComplete, OtpInput } from '../ui/otp-input';
import { ScreenHeader } from '../ui/screen-header';
import { useToast } from '../ui/toast';
import { useCountdown } from '../ui/use-countdown';

/** Spec 9: 4-digit codes; a new code may be requested after 30 s. */
export const OTP_LENGTH = 4;
export const RESEND_SECONDS = 30;

export interface OtpStepProps {
  formName: string;
  copy: Record<string, string>;
  subtitle: string;
  /** Resolves after the screen has stored the result and navigated; rejects with the error to show. */
  verify: (otp: string) => Promise<void>;
  resend: () => Promise<void>;
  resentToast: string;
  onChangeTarget: () => void;
}

/** The shared body of the mobile and email OTP screens: code boxes, error line, resend timer, change link. */
export function OtpStep({ formName, copy, subtitle, verify, resend, resentToast, onChangeTarget }: OtpStepProps) {
  const { messages } = useConfig();
  const toast = useToast();
  const form = useFormStatus(formName);
  const [code, setCode] = useState(() => emptyCode(OTP_LENGTH));
  const [error, setError] = useState<string | null>(null);
  const [focusSignal, setFocusSignal] = useState(0);
  const [resending, setResending] = useState(false);
  const countdown = useCountdown(RESEND_SECONDS);
  const record = useRecordEvent();

  const submit = async (digits: string[]) => {
    if (form.loading || !isComplete(digits)) return;
    form.start();
    setError(null);
    try {
      await verify(digits.join(''));
      form.reset();
    } catch (failure) {
      // Spec 8: OTP errors show under the input and the code is cleared for a fresh try; like every form error, recorded.
      const message = errorText(failure, messageText(messages, 'errors.fallback'));
      setError(message);
      record({ type: 'form_error', message });
      setCode(emptyCode(OTP_LENGTH));
      form.reset();
      setFocusSignal((n) => n + 1);
    }
  };

  const change = (next: string[]) => {
    setCode(next);
    if (error) setError(null);
    if (isComplete(next)) void submit(next);
  };

  const requestAgain = async () => {
    setResending(true);
    try {
      await resend();
      countdown.restart();
      setCode(emptyCode(OTP_LENGTH));
      setError(null);
      toast.success(resentToast);
    } catch (failure) {
      toast.error(errorText(failure, messageText(messages, 'errors.fallback')));
    } finally {
      setResending(false);
    }
  };

  return (
    <form
      className="screen"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit(code);
      }}
    >
      <ScreenHeader title={text(copy, 'title')} subtitle={subtitle} />
      <OtpInput
        value={code}
        onChange={change}
        disabled={form.loading}
        invalid={error !== null}
        labelTemplate={text(copy, 'digitLabel')}
        focusSignal={focusSignal}
        autoFocus
      />
      <p className="field-error" role="alert" data-testid="otp-error">
        {error}
      </p>
      {copy.submit ? (
        <Button type="primary" htmlType="submit" size="large" block disabled={!isComplete(code)} loading={form.loading}>
          {copy.submit}
        </Button>
      ) : null}
      <div className="otp-actions">
        {countdown.left > 0 ? (
          <span className="otp-timer" aria-live="polite">
            {text(copy, 'resendIn', { seconds: countdown.left })}
          </span>
        ) : (
          <Button type="link" onClick={requestAgain} loading={resending} className="otp-link">
            {text(copy, 'resend')}
          </Button>
        )}
        <Button type="link" onClick={onChangeTarget} className="otp-link">
          {text(copy, 'change')}
        </Button>
      </div>
    </form>
  );
}
