import { useEffect, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import type { OpsMe } from '../../core/api/types';
import { mayDo } from '../../core/engine/ops-roles';
import { useOpsSession } from './ops-session';
import { t, tOf } from './ops-texts';

/** Header (who is signed in, sign out), navigation and the main landmark, whose heading takes focus on each page. */
export function OpsShell({ me, children }: { me: OpsMe; children: ReactNode }) {
  const { signOut } = useOpsSession();
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = t('appTitle');
  }, []);
  // Keyboard and screen-reader users start each page at its heading.
  useEffect(() => {
    const heading = document.querySelector<HTMLElement>('.ops-main h1');
    heading?.focus();
  }, [pathname]);
  return (
    <div className="ops">
      <header className="ops-header">
        <p className="ops-brand">{t('appTitle')}</p>
        <nav aria-label={t('appTitle')} className="ops-nav">
          {mayDo(me.role, 'read') ? (
            <>
              <NavLink to="/ops" end>
                {t('navApplications')}
              </NavLink>
              <NavLink to="/ops/funnel">{t('navFunnel')}</NavLink>
              <NavLink to="/ops/providers">{t('navProviders')}</NavLink>
              <NavLink to="/ops/requests">{t('navRequests')}</NavLink>
              <NavLink to="/ops/reviewers">{t('navReviewers')}</NavLink>
            </>
          ) : null}
          {mayDo(me.role, 'readConfig') ? <NavLink to="/ops/studio">{t('studioTitle')}</NavLink> : null}
        </nav>
        <div className="ops-who">
          <span>{t('signedInAs', { email: me.actor, role: tOf('role', me.role) })}</span>
          <button type="button" className="ops-button ops-button-quiet" onClick={() => void signOut()}>
            {t('signOut')}
          </button>
        </div>
      </header>
      <main className="ops-main">{children}</main>
    </div>
  );
}
