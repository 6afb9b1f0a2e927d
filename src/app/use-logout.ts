import { useStore } from 'jotai';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApi } from '../api/api-context';
import { useConfig } from '../config/config-context';
import { endSession } from './session-actions';

/** Logout for screens: ends the session, then shows the login screen. */
export function useLogout(): { logout: () => Promise<void>; busy: boolean } {
  const api = useApi();
  const store = useStore();
  const navigate = useNavigate();
  const { flow } = useConfig();
  const [busy, setBusy] = useState(false);
  const run = useCallback(async () => {
    setBusy(true);
    await endSession(api, store);
    setBusy(false);
    await navigate(flow.routes.login, { replace: true });
  }, [api, store, navigate, flow]);
  return { logout: run, busy };
}
