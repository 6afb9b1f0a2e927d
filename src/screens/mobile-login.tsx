import { Button } from 'antd';
import { useAtomValue, useSetAtom } from 'jotai';
import { useRef, useState, type FormEvent } from 'react';
import { useApi } from '../api/api-context';
import { loginOrSignup } from '../api/auth';
import { useConfig } from '../config/config-context';
import { acceptedNoticeAtom, isOtpResentAtom, mobileNumberAtom, prefillPhoneAtom, trackingAtom, verifyTokenAtom } from '../state/account';
import { text } from '../text/format';
import { messageText } from '../../core/engine/message-codes';
import { digitsOnly, isMobileInvalid, MOBILE_LENGTH } from '../text/validation';
import { ScreenHeader } from '../ui/screen-header';
import type { ScreenProps } from './screen-props';
import { useSendCode } from './send-code';

/**
 * /login: a 10-digit number after +91, and the Privacy Notice the applicant ticks to accept; Send OTP signs in or,
 * for a new number, signs up. The accepted version goes with the code (a first sign-in records it).
 */
export function MobileLogin({ copy }: ScreenProps) {
  const api = useApi();
  const { flow, messages, bundle } = useConfig();
  const prefill = useAtomValue(prefillPhoneAtom);
  const tracking = useAtomValue(trackingAtom);
  const setVerifyToken = useSetAtom(verifyTokenAtom);
  const setMobile = useSetAtom(mobileNumberAtom);
  const setResent = useSetAtom(isOtpResentAtom);
  const setAcceptedNotice = useSetAtom(acceptedNoticeAtom);
  const { send, loading } = useSendCode('mobileLogin');
  const [phone, setPhone] = useState(prefill ?? '');
  // The Privacy Notice: never ticked for the applicant; Send OTP says so when it is not.
  const [accepted, setAccepted] = useState(false);
  const [noticeMissing, setNoticeMissing] = useState(false);
  const noticeBox = useRef<HTMLInputElement>(null);

  const invalid = isMobileInvalid(phone);
  const canSend = phone.length === MOBILE_LENGTH && !invalid;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    if (!accepted) {
      setNoticeMissing(true);
      noticeBox.current?.focus();
      return;
    }
    await send(async () => {
      const { token } = await loginOrSignup(api, { phone, ...tracking });
      setVerifyToken(token);
      setMobile(phone);
      setResent(false);
      setAcceptedNotice(bundle.privacy.notice.version);
    }, flow.routes.verifyOtp);
  };

  return (
    <form className="screen" onSubmit={submit} noValidate>
      <ScreenHeader title={text(copy, 'title')} subtitle={text(copy, 'subtitle')} />
      <label className="field-label" htmlFor="login-phone">
        {text(copy, 'phoneLabel')}
      </label>
      {/* A native input in the theme's look: antd's Input would add ~10 KB to the first page anyone opens. */}
      <span className={`phone-input${invalid ? ' phone-input-invalid' : ''}`}>
        <span className="phone-prefix">{text(copy, 'prefix')}</span>
        <input
          id="login-phone"
          type="text"
          placeholder={text(copy, 'phonePlaceholder')}
          value={phone}
          onChange={(event) => setPhone(digitsOnly(event.target.value, MOBILE_LENGTH))}
          readOnly={prefill !== null}
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={MOBILE_LENGTH}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? 'login-phone-error' : undefined}
          autoFocus
        />
      </span>
      {invalid ? (
        <p id="login-phone-error" className="field-error" role="alert">
          {messageText(messages, 'validation.mobile')}
        </p>
      ) : null}
      <div className="notice-accept">
        <input
          ref={noticeBox}
          id="login-notice"
          type="checkbox"
          checked={accepted}
          aria-invalid={noticeMissing && !accepted ? true : undefined}
          aria-describedby={noticeMissing && !accepted ? 'login-notice-error' : undefined}
          onChange={(event) => setAccepted(event.target.checked)}
        />
        <label htmlFor="login-notice">
          {text(copy, 'noticeAccept')}{' '}
          <a href={flow.routes.privacy} target="_blank" rel="noreferrer">
            {text(copy, 'noticeLink')}
          </a>
        </label>
      </div>
      {noticeMissing && !accepted ? (
        <p id="login-notice-error" className="field-error" role="alert">
          {text(copy, 'noticeMissing')}
        </p>
      ) : null}
      <Button type="primary" htmlType="submit" size="large" block disabled={!canSend} loading={loading}>
        {text(copy, 'submit')}
      </Button>
      <p className="screen-note">
        {text(copy, 'terms')}{' '}
        <a href={messages.links.terms} target="_blank" rel="noreferrer">
          {text(copy, 'termsLink')}
        </a>
      </p>
    </form>
  );
}
