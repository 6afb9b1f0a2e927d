import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorText } from '../api/api-error';
import { useApi } from '../api/api-context';
import { getUser } from '../api/user';
import { LoadError } from '../app/load-error';
import { useConfig } from '../config/config-context';
import { continueRoute } from '../../core/engine/flow';
import { userDetailsAtom } from '../state/account';
import { clearRedirected } from '../state/flags';
import { text } from '../text/format';
import { messageText } from '../../core/engine/message-codes';
import { Spinner } from '../ui/spinner';
import type { ScreenProps } from './screen-props';

/** /refresh: reloads the user from the server, then goes to the next step (used after 'out of sync'). */
export function Refresh({ copy }: ScreenProps) {
  const api = useApi();
  const navigate = useNavigate();
  const { flow, messages } = useConfig();
  const setUser = useSetAtom(userDetailsAtom);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    getUser(api).then(
      ({ user }) => {
        if (!current) return;
        setUser(user);
        // The flag asked for exactly this jump; it is spent now.
        clearRedirected();
        void navigate(continueRoute(flow, user.nextStep), { replace: true });
      },
      (failure: unknown) => current && setError(errorText(failure, messageText(messages, 'errors.fallback'))),
    );
    return () => {
      current = false;
    };
  }, [api, attempt, flow, messages, navigate, setUser]);

  if (error) return <LoadError message={error} onRetry={() => setAttempt((n) => n + 1)} />;
  return (
    <div className="screen refresh">
      <p className="screen-note">{text(copy, 'title')}</p>
      <Spinner />
    </div>
  );
}
