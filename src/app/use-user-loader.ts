import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { errorText } from '../api/api-error';
import { useApi } from '../api/api-context';
import { takePrefetchedUser } from '../api/prefetched-user';
import { getUser } from '../api/user';
import { pagesOfAnotherRelease } from './release-pages';
import type { UserDetails } from '../../core/api/types';
import { useConfig } from '../config/config-context';
import { currentLanguage } from '../config/language';
import { messageText } from '../../core/engine/message-codes';
import { mobileNumberAtom, userDetailsAtom } from '../state/account';

/**
 * Start-up: a stored token is checked by loading the user; a 401 clears it through the API client. A prerendered
 * page's boot script has usually asked already, as the page painted: its answer is taken when it is the applicant's.
 */
export function useUserLoader(token: string | null, user: UserDetails | null): { error: string | null; retry: () => void } {
  const api = useApi();
  const { messages } = useConfig();
  const setUser = useSetAtom(userDetailsAtom);
  const setMobile = useSetAtom(mobileNumberAtom);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token || user) return;
    let current = true;
    setError(null);
    takePrefetchedUser(token, currentLanguage())
      .then((prefetched) => prefetched ?? getUser(api))
      .then(
        (response) => {
          if (!current) return;
          // This page is another release's than the applicant's (server/releases/client-releases.ts): load theirs.
          if (pagesOfAnotherRelease()) return window.location.reload();
          setUser(response.user);
          setMobile(response.user.phone);
        },
        (failure: unknown) => current && setError(errorText(failure, messageText(messages, 'errors.fallback'))),
      );
    return () => {
      current = false;
    };
  }, [api, token, user, attempt, messages, setUser, setMobile]);

  return { error, retry: () => setAttempt((n) => n + 1) };
}
