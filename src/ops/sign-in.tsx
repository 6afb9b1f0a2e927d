import { useState, type FormEvent } from 'react';
import type { OpsMe, OpsSignedIn, TokenResponse } from '../../core/api/types';
import { OtpInput, emptyCode, isComplete } from '../ui/otp-input';
import { OpsError } from './ops-client';
import { useOpsSession } from './ops-session';
import { t } from './ops-texts';
import { OpsAlert } from './ops-alert';

const codeLength = 6;

/** What a refused sign-in tells the reviewer: a 429 says how long to wait, in minutes, from its Retry-After. */
function refusalText(failure: unknown): string {
  if (failure instanceof OpsError && failure.status === 404) return t('consoleOff');
  if (failure instanceof OpsError && failure.status === 429) {
    const minutes = Math.max(1, Math.ceil((failure.retryAfterSeconds ?? 60) / 60));
    return minutes === 1 ? t('tooManyOneMinute') : t('tooManyMinutes', { minutes });
  }
  return failure instanceof Error ? failure.message : String(failure);
}

/** Email, then the 6-digit code emailed to it. */
export function SignIn() {
  const { client, signedIn, ended } = useOpsSession();
  const [email, setEmail] = useState('');
  const [verifyToken, setVerifyToken] = useState<string | null>(null);
  const [code, setCode] = useState(() => emptyCode(codeLength));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [focusSignal, setFocusSignal] = useState(0);

  const failed = (failure: unknown) => {
    setError(refusalText(failure));
  };

  const sendCode = async (event?: FormEvent) => {
    event?.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setVerifyToken((await client.post<TokenResponse>('/login', { email: email.trim() })).token);
      setCode(emptyCode(codeLength));
    } catch (failure) {
      failed(failure);
    } finally {
      setBusy(false);
    }
  };

  const verify = async (digits: string[]) => {
    if (!verifyToken || !isComplete(digits) || busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await client.post<OpsSignedIn>('/verify-otp', { email: email.trim(), otp: digits.join('') }, { 'x-verify-token': verifyToken });
      const me: OpsMe = { actor: answer.reviewer.email, role: answer.reviewer.role };
      signedIn(me);
    } catch (failure) {
      failed(failure);
      setCode(emptyCode(codeLength));
      setFocusSignal((n) => n + 1);
      setBusy(false);
    }
  };

  return (
    <main className="ops-sign-in">
      <div className="ops-card">
        <p className="ops-brand">{t('appTitle')}</p>
        <h1>{t('signInTitle')}</h1>
        {ended ? <p className="ops-notice">{t('sessionEnded')}</p> : null}
        {verifyToken === null ? (
          <form onSubmit={(event) => void sendCode(event)} noValidate>
            <p>{t('signInSubtitle')}</p>
            <label className="ops-field">
              <span>{t('emailLabel')}</span>
              <input type="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.target.value)} autoFocus />
            </label>
            <button type="submit" className="ops-button" disabled={busy || email.trim() === ''}>
              {t('sendCode')}
            </button>
          </form>
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void verify(code);
            }}
          >
            <p aria-live="polite">{t('codeSent', { email: email.trim() })}</p>
            <fieldset className="ops-code">
              <legend>{t('codeLabel')}</legend>
              <OtpInput
                value={code}
                onChange={(next) => {
                  setCode(next);
                  if (isComplete(next)) void verify(next);
                }}
                disabled={busy}
                invalid={error !== null}
                labelTemplate={t('codeDigit')}
                autoFocus
                focusSignal={focusSignal}
              />
            </fieldset>
            <button type="submit" className="ops-button" disabled={busy || !isComplete(code)}>
              {t('verify')}
            </button>
            <div className="ops-row">
              <button type="button" className="ops-link" onClick={() => void sendCode()} disabled={busy}>
                {t('newCode')}
              </button>
              <button type="button" className="ops-link" onClick={() => setVerifyToken(null)} disabled={busy}>
                {t('otherEmail')}
              </button>
            </div>
          </form>
        )}
        <OpsAlert text={error} />
      </div>
    </main>
  );
}
