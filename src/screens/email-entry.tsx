import { Button, Input } from 'antd';
import { useAtom, useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { useApi } from '../api/api-context';
import { addEmail } from '../api/user';
import { useConfig } from '../config/config-context';
import { userDetailsAtom } from '../state/account';
import { emailStateAtom } from '../state/email';
import { text } from '../text/format';
import { messageText } from '../../core/engine/message-codes';
import { isEmail } from '../text/validation';
import { ScreenHeader } from '../ui/screen-header';
import type { ScreenProps } from './screen-props';
import { useSendCode } from './send-code';
import { siblingRoute } from './step-routes';

/** /add-email: sends a code to the address, then the OTP route of the same step. */
export function EmailEntry({ copy, route }: ScreenProps) {
  const api = useApi();
  const { flow, messages } = useConfig();
  const user = useAtomValue(userDetailsAtom);
  const [emailState, setEmailState] = useAtom(emailStateAtom);
  const { send, loading } = useSendCode('emailEntry');
  const [email, setEmail] = useState(emailState.email || user?.email || '');
  // The message waits for a blur or a submit, so it does not shout while the address is being typed.
  const [checked, setChecked] = useState(false);
  const invalid = checked && !isEmail(email);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!isEmail(email)) return;
    const address = email.trim();
    await send(async () => {
      await addEmail(api, { email: address });
      setEmailState({ email: address, isOtpSent: true, isOtpResent: false });
    }, siblingRoute(flow, route, 1));
  };

  return (
    <form className="screen" onSubmit={submit} noValidate>
      <ScreenHeader title={text(copy, 'title')} subtitle={text(copy, 'subtitle')} />
      <label className="field-label" htmlFor="email-address">
        {text(copy, 'emailLabel')}
      </label>
      <Input
        id="email-address"
        type="email"
        placeholder={text(copy, 'emailPlaceholder')}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        onBlur={() => email && setChecked(true)}
        autoComplete="email"
        status={invalid ? 'error' : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? 'email-error' : undefined}
        autoFocus
      />
      {invalid ? (
        <p id="email-error" className="field-error" role="alert">
          {messageText(messages, 'validation.email')}
        </p>
      ) : null}
      <Button type="primary" htmlType="submit" size="large" block disabled={email.trim() === ''} loading={loading}>
        {text(copy, 'submit')}
      </Button>
    </form>
  );
}
