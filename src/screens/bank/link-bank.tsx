import { useAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApi } from '../../api/api-context';
import { useRecordEvent } from '../../api/use-record-event';
import { rpdStatus } from '../../api/bank';
import { getUser } from '../../api/user';
import { useConfig } from '../../config/config-context';
import { useSubmitEffect } from '../../effects/use-submit-effect';
import { continueRoute } from '../../../core/engine/flow';
import { ConfigAlert } from '../../renderer/config-alert';
import { withoutHeading } from '../../renderer/form/copy';
import { userDetailsAtom } from '../../state/account';
import { text } from '../../text/format';
import { ScreenHeader } from '../../ui/screen-header';
import { useToast } from '../../ui/toast';
import { EmbeddedForm } from '../embedded-form-view';
import type { ScreenProps } from '../screen-props';
import { BankChoice, type BankMode } from './bank-choice';
import { type LinkBankOptions, readLinkBankOptions } from './options';
import { UpiVerification } from './upi-verification';
import './link-bank.css';
import { BusyOverlay } from '../../ui/busy-overlay';

/** /link-bank-account: the choice, then UPI (reverse penny drop) or the manual form from config (penny drop). */
export function LinkBank({ route, copy, options }: ScreenProps) {
  const setup = useMemo(() => {
    try {
      return readLinkBankOptions(options, `page ${route}`);
    } catch (error) {
      return [error instanceof Error ? error.message : String(error)];
    }
  }, [options, route]);
  if (Array.isArray(setup)) return <ConfigAlert route={route} problems={setup} />;
  return <LinkBankView route={route} copy={copy} options={setup} />;
}

function LinkBankView({ route, copy, options }: { route: string; copy: Record<string, string>; options: LinkBankOptions }) {
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const { flow } = useConfig();
  const [user, setUser] = useAtom(userDetailsAtom);
  const [mode, setMode] = useState<BankMode>('upi');
  const [view, setView] = useState<'choice' | BankMode>('choice');
  const [failure, setFailure] = useState<string | undefined>();
  const [manualOpened, setManualOpened] = useState(false);
  const { form } = options;
  const record = useRecordEvent();

  // The bank side may recommend a way (rpd or penny_drop), e.g. manual after a failed UPI attempt: asked once the
  // applicant has loaded (the screen draws before, and the guard may yet send them elsewhere), and again when a UPI
  // attempt ends.
  const [asked, setAsked] = useState(0);
  const loaded = user !== null;
  useEffect(() => {
    if (!loaded) return;
    let current = true;
    rpdStatus(api)
      .then((status) => current && status.recommended && setMode(status.recommended === 'penny_drop' ? 'manual' : 'upi'))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [api, asked, loaded]);

  // Spec section 4: a failed verification returns to the choice screen, with its message there.
  const backToChoice = useCallback((message?: string) => {
    if (message) setFailure(message);
    setView('choice');
  }, []);
  const onManualFailure = useCallback(
    (message: string) => {
      record({ type: 'bank_outcome', method: 'penny_drop', outcome: 'failure', message }, route);
      backToChoice(message);
    },
    [backToChoice, record, route],
  );
  const { run, loading } = useSubmitEffect({ effect: form.effect, where: `page ${route}`, route, copy, next: form.next, onFailure: onManualFailure });

  const onVerified = useCallback(() => {
    record({ type: 'bank_outcome', method: 'upi', outcome: 'success' }, route);
    toast.success(text(copy, 'upiSuccess'));
    void getUser(api).then(({ user: fresh }) => {
      setUser(fresh);
      void navigate(continueRoute(flow, fresh.nextStep));
    });
  }, [api, copy, flow, navigate, record, route, setUser, toast]);
  const onLeave = useCallback(
    (message?: string) => {
      record({ type: 'bank_outcome', method: 'upi', outcome: 'failure', ...(message ? { message } : {}) }, route);
      if (message) toast.error(message);
      setAsked((count) => count + 1);
      backToChoice(message);
    },
    [backToChoice, record, route, toast],
  );

  // What the form does not ask: the PAN name as holder, a savings account, and the verified PAN and birth date.
  const initial = useMemo(
    () => ({ beneficiaryName: user?.name ?? '', beneficiaryAccountType: 'savings', pan: user?.pan ?? '', dateOfBirth: user?.dateOfBirth ?? '' }),
    [user],
  );
  const formCopy = useMemo(() => withoutHeading(copy), [copy]);

  return (
    <BusyOverlay busy={loading} caption={text(copy, 'verifying')}>
      <div className="screen link-bank">
        {view === 'upi' ? (
          <>
            <ScreenHeader title={text(copy, 'upiTitle')} />
            <UpiVerification copy={copy} options={options} onVerified={onVerified} onLeave={onLeave} />
          </>
        ) : view === 'choice' ? (
          <BankChoice
            copy={copy}
            mode={mode}
            failure={failure}
            onMode={setMode}
            onContinue={() => {
              setFailure(undefined);
              setView(mode);
              if (mode === 'manual') setManualOpened(true);
            }}
          />
        ) : null}
        {/* Once opened, the manual form stays mounted (hidden on the other views): a failed verification returns to
            the choice (spec 4) without wiping the bank, branch and account number the applicant gave. */}
        {manualOpened ? (
          <div className="link-bank-manual" hidden={view !== 'manual'}>
            <ScreenHeader title={text(copy, 'manualTitle')} subtitle={copy.manualSubtitle} />
            <EmbeddedForm
              form={form}
              route={route}
              copy={formCopy}
              formData={initial}
              disabled={loading}
              onSubmit={(data) =>
                void run(data).then((verified) => verified && record({ type: 'bank_outcome', method: 'penny_drop', outcome: 'success' }, route))
              }
            />
            <button type="button" className="link-button" onClick={() => setView('choice')} disabled={loading}>
              {text(copy, 'back')}
            </button>
          </div>
        ) : null}
      </div>
    </BusyOverlay>
  );
}
