import { Button } from 'antd';
// The bare Input: antd's index attaches Password, Search, TextArea and OTP to it, which /login never shows.
import Input from 'antd/es/input/Input';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { useApi } from '../api/api-context';
import { loginOrSignup } from '../api/auth';
import { useConfig } from '../config/config-context';
import { isOtpResentAtom, mobileNumberAtom, prefillPhoneAtom, trackingAtom, verifyTokenAtom } from '../state/account';
import { text } from '../text/format';
import { digitsOnly, isMobileInvalid, MOBILE_LENGTH } from '../text/validation';
import { ScreenHeader } from '../ui/screen-header';
import type { ScreenProps } from './screen-props';
import { useSendCode } from './send-code';

/** /login: a 10-digit number after +91; Send OTP signs in or, for a new number, signs up. */
export function MobileLogin({ copy }: ScreenProps) {
  const api = useApi();
  const { flow, messages } = useConfig();
  const prefill = useAtomValue(prefillPhoneAtom);
  const tracking = useAtomValue(trackingAtom);
  const setVerifyToken = useSetAtom(verifyTokenAtom);
  const setMobile = useSetAtom(mobileNumberAtom);
  const setResent = useSetAtom(isOtpResentAtom);
  const { send, loading } = useSendCode('mobileLogin');
  const [phone, setPhone] = useState(prefill ?? '');

  const invalid = isMobileInvalid(phone);
  const canSend = phone.length === MOBILE_LENGTH && !invalid;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    await send(async () => {
      const { token } = await loginOrSignup(api, { phone, ...tracking });
      setVerifyToken(token);
      setMobile(phone);
      setResent(false);
    }, flow.routes.verifyOtp);
  };

  return (
    <form className="screen" onSubmit={submit} noValidate>
      <ScreenHeader title={text(copy, 'title')} subtitle={text(copy, 'subtitle')} />
      <label className="field-label" htmlFor="login-phone">
        {text(copy, 'phoneLabel')}
      </label>
      <Input
        id="login-phone"
        prefix={<span className="phone-prefix">{text(copy, 'prefix')}</span>}
        placeholder={text(copy, 'phonePlaceholder')}
        value={phone}
        onChange={(event) => setPhone(digitsOnly(event.target.value, MOBILE_LENGTH))}
        readOnly={prefill !== null}
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={MOBILE_LENGTH}
        status={invalid ? 'error' : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? 'login-phone-error' : undefined}
        autoFocus
      />
      {invalid ? (
        <p id="login-phone-error" className="field-error" role="alert">
          {text(messages.validation, 'mobile')}
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
