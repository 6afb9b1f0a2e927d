import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { OpsMe } from '../../core/api/types';
import { type OpsClient, createOpsClient } from './ops-client';

/**
 * The reviewer's session is an HttpOnly cookie the server set at sign-in: every tab of this browser shares it, and
 * no script reads it. Tabs tell each other when someone signs in or out (BroadcastChannel), so an open sign-in page
 * follows a sign-in made in another tab and every tab leaves at a sign-out.
 */
const channelName = 'onboard.ops.session';
type SessionNews = 'signed-in' | 'signed-out';

function openChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(channelName);
}

export interface OpsSession {
  client: OpsClient;
  /** Who is signed in; null before sign-in. */
  me: OpsMe | null;
  /** true while the session (the cookie, if any) is being checked. */
  checking: boolean;
  /** Set when a session ended on its own, for the sign-in page to say so. */
  ended: boolean;
  signedIn(me: OpsMe): void;
  signOut(): Promise<void>;
}

const SessionContext = createContext<OpsSession | null>(null);

export function OpsSessionProvider({ children }: { children: ReactNode }) {
  const [me, setMe] = useState<OpsMe | null>(null);
  const [checking, setChecking] = useState(true);
  const [ended, setEnded] = useState(false);
  const signedInRef = useRef(false);
  const [channel] = useState(openChannel);
  useEffect(() => () => channel?.close(), [channel]);

  const forget = useCallback(() => {
    signedInRef.current = false;
    setMe(null);
  }, []);
  const client = useMemo(
    () =>
      createOpsClient(
        () => signedInRef.current,
        () => {
          forget();
          setEnded(true);
        },
      ),
    [forget],
  );

  const check = useCallback(
    () =>
      client
        .get<OpsMe>('/me')
        .then((who) => {
          signedInRef.current = true;
          setMe(who);
          setEnded(false);
        }, forget)
        .finally(() => setChecking(false)),
    [client, forget],
  );

  // A new tab or a reload finds the session the other tabs share.
  useEffect(() => void check(), [check]);

  useEffect(() => {
    if (!channel) return;
    channel.onmessage = (event: MessageEvent<SessionNews>) => {
      if (event.data === 'signed-in') void check();
      if (event.data === 'signed-out' && signedInRef.current) {
        forget();
        setEnded(true);
      }
    };
  }, [channel, check, forget]);

  const value = useMemo<OpsSession>(
    () => ({
      client,
      me,
      checking,
      ended,
      signedIn(who) {
        signedInRef.current = true;
        setMe(who);
        setEnded(false);
        channel?.postMessage('signed-in' satisfies SessionNews);
      },
      async signOut() {
        await client.post('/logout').catch(() => undefined);
        forget();
        channel?.postMessage('signed-out' satisfies SessionNews);
      },
    }),
    [client, me, checking, ended, forget, channel],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useOpsSession(): OpsSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useOpsSession() needs an <OpsSessionProvider> above it');
  return session;
}
