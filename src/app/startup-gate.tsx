import { messageText } from '../../core/engine/message-codes';
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useConfig } from '../config/config-context';
import { authTokenAtom, prefillPhoneAtom, redirectAfterLoginAtom, rekycIdAtom, trackingAtom } from '../state/account';
import { Spinner } from '../ui/spinner';
import { useToast } from '../ui/toast';
import { planStartup } from './startup';

/** Applies the start-up plan once per app load, holding the page until its redirect has happened. */
export function StartupGate({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const store = useStore();
  const toast = useToast();
  const { flow, messages } = useConfig();
  const signedIn = useAtomValue(authTokenAtom) !== null;
  const [plan] = useState(() => planStartup({ search: location.search, signedIn, loginRoute: flow.routes.login }));
  const [waiting, setWaiting] = useState(plan.navigate !== undefined);
  const applied = useRef(false);

  useEffect(() => {
    if (applied.current) return;
    applied.current = true;
    if (plan.problem) toast.error(messageText(messages, plan.problem));
    if (plan.tracking) store.set(trackingAtom, plan.tracking);
    if (plan.prefillPhone) store.set(prefillPhoneAtom, plan.prefillPhone);
    if (plan.rekycId) store.set(rekycIdAtom, plan.rekycId);
    if (plan.redirectAfterLogin) store.set(redirectAfterLoginAtom, plan.redirectAfterLogin);
    if (plan.navigate) void navigate(plan.navigate, { replace: true });
  }, [plan, store, navigate, toast]);

  // Children render only once the planned route is reached, so their own redirects cannot race this one.
  if (waiting && location.pathname === plan.navigate) setWaiting(false);
  return waiting ? <Spinner /> : children;
}
