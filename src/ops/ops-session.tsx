import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { OpsMe } from '../../core/api/types';
import { type OpsClient, createOpsClient } from './ops-client';

/** The reviewer's token lives with the tab (sessionStorage), under a key of its own: never the applicant's. */
const tokenKey = 'onboard.ops.token';

const readToken = () => {
  try {
    return sessionStorage.getItem(tokenKey);
  } catch {
    return null;
  }
};

export interface OpsSession {
  client: OpsClient;
  /** Who is signed in; null before sign-in. */
  me: OpsMe | null;
  /** true while a stored token is being checked. */
  checking: boolean;
  /** Set when a session ended on its own, for the sign-in page to say so. */
  ended: boolean;
  signedIn(token: string, me: OpsMe): void;
  signOut(): Promise<void>;
}

const SessionContext = createContext<OpsSession | null>(null);

export function OpsSessionProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<string | null>(readToken);
  const [me, setMe] = useState<OpsMe | null>(null);
  const [checking, setChecking] = useState(() => readToken() !== null);
  const [ended, setEnded] = useState(false);

  const forget = useCallback(() => {
    sessionStorage.removeItem(tokenKey);
    setToken(null);
    setMe(null);
  }, []);
  const client = useMemo(
    () =>
      createOpsClient(
        () => token,
        () => {
          forget();
          setEnded(true);
        },
      ),
    [token, forget],
  );

  // A reload keeps the session: the stored token is checked once.
  useEffect(() => {
    if (!checking) return;
    client
      .get<OpsMe>('/me')
      .then(setMe, () => forget())
      .finally(() => setChecking(false));
  }, [checking, client, forget]);

  const value = useMemo<OpsSession>(
    () => ({
      client,
      me,
      checking,
      ended,
      signedIn(newToken, who) {
        sessionStorage.setItem(tokenKey, newToken);
        setToken(newToken);
        setMe(who);
        setEnded(false);
      },
      async signOut() {
        await client.post('/logout').catch(() => undefined);
        forget();
      },
    }),
    [client, me, checking, ended, forget],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useOpsSession(): OpsSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useOpsSession() needs an <OpsSessionProvider> above it');
  return session;
}
