import { Button } from 'antd';
import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { errorText, isApiError } from '../../api/api-error';
import { useApi } from '../../api/api-context';
import { consentStatus } from '../../api/income-proof';
import { getUser } from '../../api/user';
import { useConfig } from '../../config/config-context';
import { continueRoute } from '../../../core/engine/flow';
import { userDetailsAtom } from '../../state/account';
import { text } from '../../text/format';
import { messageText } from '../../../core/engine/message-codes';
import { ScreenHeader } from '../../ui/screen-header';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast';
import { TimeLimit } from '../../ui/time-limit';
import { useCountdown } from '../../ui/use-countdown';
import type { ScreenProps } from '../screen-props';
import { siblingRoute } from '../step-routes';
import { CONSENT_STORAGE_KEY } from './options';
import './income-proof.css';
import { FormAlert } from '../../ui/form-alert';

/** Spec 9: the income status is polled every 3 s, for at most 300 s. */
export const CONSENT_POLL_MS = 3_000;
export const CONSENT_WAIT_SECONDS = 300;

/** A 4xx other than a timeout or a rate limit will not change by asking again (someone else's or an unknown consent). */
const final = (error: unknown) => isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;

/**
 * /income-proof/callback?success=…&id=<consentId>[&errorcode=…&errormsg=…]: back from the account aggregator. Polls
 * the consent's status; success reloads the applicant and goes on, failure (or 300 s without an answer, or a consent
 * still pending after the applicant left the aggregator's page without approving) says so and returns to the choice.
 */
export function IncomeProofCallback({ route, copy }: ScreenProps) {
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const { flow, messages } = useConfig();
  const setUser = useSetAtom(userDetailsAtom);
  const [params] = useSearchParams();
  const [consentId] = useState(() => params.get('id') ?? sessionStorage.getItem(CONSENT_STORAGE_KEY));
  // The aggregator's redirect says how the applicant left its page (success=false; errorcode 5: cancelled). Only the
  // server's answer settles anything: a cancelled consent stays pending there, so waiting on it would never end.
  const [declined] = useState(() => (params.get('success') === 'false' ? text(copy, params.get('errorcode') === '5' ? 'cancelled' : 'declined') : undefined));
  const { left, extend } = useCountdown(CONSENT_WAIT_SECONDS);
  const [pollError, setPollError] = useState<string | undefined>();
  const ended = useRef(false);
  const fallback = copy.failure ?? messageText(messages, 'errors.fallback');
  const leaveTo = siblingRoute(flow, route, -1);

  const leave = useCallback(
    (message?: string) => {
      if (ended.current) return;
      ended.current = true;
      sessionStorage.removeItem(CONSENT_STORAGE_KEY);
      if (message) toast.error(message);
      void navigate(leaveTo, { replace: true });
    },
    [toast, navigate, leaveTo],
  );

  const succeed = useCallback(
    async (message: string) => {
      if (ended.current) return;
      ended.current = true;
      sessionStorage.removeItem(CONSENT_STORAGE_KEY);
      toast.success(copy.success ?? message);
      try {
        const { user } = await getUser(api);
        setUser(user);
        await navigate(continueRoute(flow, user.nextStep), { replace: true });
      } catch {
        // The step is done on the server; /refresh asks where the applicant stands now.
        await navigate(flow.routes.refresh, { replace: true });
      }
    },
    [api, copy.success, flow, navigate, setUser, toast],
  );

  useEffect(() => {
    if (!consentId) return leave(fallback);
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const status = await consentStatus(api, consentId);
        if (stopped) return;
        if (status.consentStatus === 'success') return void (await succeed(status.message));
        if (status.consentStatus === 'failed') return leave(status.message || fallback);
        if (declined) return leave(declined);
        setPollError(undefined);
      } catch (error) {
        if (stopped) return;
        if (final(error)) return leave(errorText(error, fallback));
        setPollError(errorText(error, fallback));
      }
      timer = setTimeout(() => void poll(), CONSENT_POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [api, consentId, declined, fallback, leave, succeed]);

  useEffect(() => {
    if (left === 0) leave(text(copy, 'timeout'));
  }, [left, leave, copy]);

  return (
    <div className="screen income-callback">
      <ScreenHeader title={text(copy, 'title')} subtitle={copy.subtitle} />
      <Spinner />
      <TimeLimit
        line={text(copy, 'waiting', { seconds: left })}
        left={left}
        warnBelow={60}
        warning={text(copy, 'timeLow')}
        extendLabel={text(copy, 'extend')}
        onExtend={() => extend(CONSENT_WAIT_SECONDS)}
      />
      {pollError ? (
        <FormAlert>{pollError}</FormAlert>
      ) : null}
      <Button onClick={() => leave()}>{text(copy, 'back')}</Button>
    </div>
  );
}
