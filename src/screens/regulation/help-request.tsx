import { Button, Input, Radio } from 'antd';
// Its own module: antd's Input is the plain input in the browser build (scripts/vite-narrow-antd.ts).
import TextArea from 'antd/es/input/TextArea';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorText } from '../../api/api-error';
import { useApi } from '../../api/api-context';
import { requestHelp } from '../../api/help';
import { useConfig } from '../../config/config-context';
import { useAtomValue } from 'jotai';
import { authTokenAtom } from '../../state/account';
import { messageText } from '../../../core/engine/message-codes';
import { text } from '../../text/format';
import { FormAlert } from '../../ui/form-alert';
import { ScreenHeader } from '../../ui/screen-header';
import type { ScreenProps } from '../screen-props';
import './regulation.css';

interface ContactTime {
  time: string;
  label: string;
}

const timesOf = (options: Record<string, unknown> | undefined): ContactTime[] =>
  Array.isArray(options?.contactTimes) ? (options.contactTimes as ContactTime[]) : [];

/** The page it was asked from (?from=), one of the app's own paths; else the start. */
function originOf(from: string | null): string {
  return from && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}

/**
 * /help, from "Need help?" on every page: when to call (and the number, signed out), an optional note; the back office
 * sees the request with the page and step it came from, and a person helps the applicant finish.
 */
export function HelpRequest({ copy, options }: ScreenProps) {
  const api = useApi();
  const { messages } = useConfig();
  const signedIn = useAtomValue(authTokenAtom) !== null;
  const [params] = useSearchParams();
  const origin = originOf(params.get('from'));
  const times = timesOf(options);
  const [contactTime, setContactTime] = useState<string | undefined>();
  const [phone, setPhone] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!contactTime) return setProblem(messageText(messages, 'regulation.unknownContactTime'));
    setBusy(true);
    setProblem(undefined);
    try {
      const answer = await requestHelp(api, { route: origin, contactTime, ...(signedIn ? {} : { phone }), ...(message.trim() ? { message: message.trim() } : {}) });
      setDone(answer.message);
    } catch (failure) {
      setProblem(errorText(failure, messageText(messages, 'errors.fallback')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="screen help-request" onSubmit={(event) => void submit(event)} noValidate>
      <ScreenHeader title={text(copy, 'title')} subtitle={copy.subtitle} />
      {done ? (
        <p className="help-request-done" role="status">
          {done}
        </p>
      ) : (
        <>
          {!signedIn ? (
            <>
              <label className="field-label" htmlFor="help-phone">
                {text(copy, 'phoneLabel')}
              </label>
              <Input id="help-phone" inputMode="numeric" autoComplete="tel-national" maxLength={10} value={phone} onChange={(event) => setPhone(event.target.value.replace(/[^0-9]/g, ''))} />
            </>
          ) : null}
          <fieldset className="help-request-times">
            <legend className="field-label">{text(copy, 'contactTimeLabel')}</legend>
            <Radio.Group value={contactTime} onChange={(event) => setContactTime(String(event.target.value))} options={times.map((item) => ({ value: item.time, label: item.label }))} />
          </fieldset>
          <label className="field-label" htmlFor="help-message">
            {text(copy, 'messageLabel')}
          </label>
          <TextArea id="help-message" maxLength={500} rows={3} value={message} onChange={(event) => setMessage(event.target.value)} />
          <p className="help-request-origin">{text(copy, 'step', { page: origin })}</p>
          {problem ? <FormAlert>{problem}</FormAlert> : null}
          <Button type="primary" htmlType="submit" size="large" block loading={busy}>
            {text(copy, 'submit')}
          </Button>
        </>
      )}
      <Link to={origin}>{text(copy, 'back')}</Link>
    </form>
  );
}
