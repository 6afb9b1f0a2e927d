import { Button } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useConfig } from '../config/config-context';
import { authTokenAtom, userDetailsAtom } from '../state/account';
import { progressAtom } from '../state/derived';
import { format } from '../text/format';
import { BrandRegistration } from './brand';
import { LanguageSwitch } from './language-switch';
import { useLogout } from './use-logout';

/** Whether a session is open; a form page shows before the applicant loads, so the frame does not wait for them. */
function useSignedIn(): boolean {
  return useAtomValue(authTokenAtom) !== null;
}

/**
 * The top of the card on every signed-in page: how far the whole application is (a thin bar, its figure read out
 * to screen readers) and the applicant's PAN name once the registry gave it ('Welcome, SNEHA SHARMA').
 */
export function SessionBar() {
  const user = useAtomValue(userDetailsAtom);
  if (!useSignedIn()) return null;
  return <SignedInBar name={user?.name ?? null} />;
}

function SignedInBar({ name }: { name: string | null }) {
  const { messages } = useConfig();
  const { percent } = useAtomValue(progressAtom);
  const texts = messages.shell;
  return (
    <div className="session-bar">
      <div className="session-progress" aria-hidden="true">
        <div className="session-progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="session-bar-row">
        {name ? <span className="session-bar-welcome">{format(texts.welcome, { name })}</span> : null}
        <span className="visually-hidden">{format(texts.progress, { percent })}</span>
      </p>
    </div>
  );
}

/**
 * Under the card on every page: Logout when signed in, the language, Need help? (/help), terms and help from
 * flow-config/messages.json `links`, privacy (the app's own /privacy: the notice, consents, export and erasure), and
 * the broker's registration. Last in the tab order, after the page's own controls.
 */
export function PageFooter() {
  const { messages, flow } = useConfig();
  const signedIn = useSignedIn();
  const { links, shell } = messages;
  const outside = (label: string, href: string) => (
    <li>
      <a href={href} target="_blank" rel="noreferrer">
        {label}
      </a>
    </li>
  );
  return (
    <nav className="onboard-footer" aria-label={shell.footer}>
      <ul>
        {signedIn ? (
          <li>
            <LogoutButton label={shell.logout} />
          </li>
        ) : null}
        <LanguageSwitch />
        <li>
          <NeedHelpLink label={shell.needHelp} />
        </li>
        {outside(shell.terms, links.terms)}
        <li>
          <Link to={flow.routes.privacy}>{shell.privacy}</Link>
        </li>
        {outside(shell.support, links.support)}
      </ul>
      <BrandRegistration />
    </nav>
  );
}

function LogoutButton({ label }: { label: string }) {
  const { logout, busy } = useLogout();
  return (
    <Button type="link" className="onboard-footer-logout" onClick={() => void logout()} loading={busy}>
      {label}
    </Button>
  );
}

/** "Need help?" on every page (issue 30): /help, remembering the page it was asked from. */
function NeedHelpLink({ label }: { label: string }) {
  const { pathname } = useLocation();
  return <Link to={`/help?from=${encodeURIComponent(pathname)}`}>{label}</Link>;
}
