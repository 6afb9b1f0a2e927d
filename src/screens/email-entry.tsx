import { Button, Input, Radio } from 'antd';
import { isApiError } from '../api/api-error';
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
import './email-entry.css';

interface FamilyRelation {
  relation: string;
  label: string;
}

const relationsOf = (options: Record<string, unknown> | undefined): FamilyRelation[] =>
  Array.isArray(options?.familyRelations) ? (options.familyRelations as FamilyRelation[]) : [];

/**
 * /add-email: sends a code to the address, then the OTP route of the same step. An address another application
 * verified is refused (one email per client); the applicant may then say it is a family member's (the options'
 * familyRelations) and send it again with that declaration.
 */
export function EmailEntry({ copy, route, options }: ScreenProps) {
  const api = useApi();
  const { flow, messages } = useConfig();
  const user = useAtomValue(userDetailsAtom);
  const [emailState, setEmailState] = useAtom(emailStateAtom);
  const { send, loading } = useSendCode('emailEntry');
  const [email, setEmail] = useState(emailState.email || user?.email || '');
  // The message waits for a blur or a submit, so it does not shout while the address is being typed.
  const [checked, setChecked] = useState(false);
  const invalid = checked && !isEmail(email);
  // The refusal of an address another application verified, and the relation the applicant declares for it.
  const [shared, setShared] = useState<string | undefined>();
  const [relation, setRelation] = useState<string | undefined>();
  const relations = relationsOf(options);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!isEmail(email)) return;
    const address = email.trim();
    await send(async () => {
      try {
        await addEmail(api, { email: address, ...(shared && relation ? { familyRelation: relation } : {}) });
      } catch (error) {
        if (isApiError(error) && error.serverCode === 'regulation.emailInUse' && relations.length > 0) setShared(error.message);
        throw error;
      }
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
        onChange={(event) => {
          setEmail(event.target.value);
          setShared(undefined);
          setRelation(undefined);
        }}
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
      {shared ? (
        <fieldset className="family-declaration">
          <legend id="family-relation-title" className="field-label">{text(copy, 'familyTitle')}</legend>
          <p className="family-declaration-reason" aria-live="polite">
            {shared}
          </p>
          <Radio.Group
            aria-labelledby="family-relation-title"
            value={relation}
            onChange={(event) => setRelation(String(event.target.value))}
            options={relations.map((item) => ({ value: item.relation, label: item.label }))}
          />
        </fieldset>
      ) : null}
      <Button type="primary" htmlType="submit" size="large" block disabled={email.trim() === '' || (!!shared && !relation)} loading={loading}>
        {text(copy, shared ? 'familySubmit' : 'submit')}
      </Button>
    </form>
  );
}
