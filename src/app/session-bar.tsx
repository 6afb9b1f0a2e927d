import { Button } from 'antd';
import { useAtomValue } from 'jotai';
import { useConfig } from '../config/config-context';
import { authTokenAtom, userDetailsAtom } from '../state/account';
import { progressAtom } from '../state/derived';
import { format } from '../text/format';
import { ProgressBar } from '../ui/progress-bar';
import { useLogout } from './use-logout';

/**
 * The top of the card on every signed-in page: how far the whole application is (a thin bar), the applicant's
 * PAN name once the registry gave it ('Welcome, SNEHA SHARMA'), and Logout.
 */
export function SessionBar() {
  const token = useAtomValue(authTokenAtom);
  const user = useAtomValue(userDetailsAtom);
  if (!token || !user) return null;
  return <SignedInBar name={user.name} />;
}

function SignedInBar({ name }: { name: string | null }) {
  const { messages } = useConfig();
  const { percent } = useAtomValue(progressAtom);
  const { logout, busy } = useLogout();
  const texts = messages.shell;
  return (
    <div className="session-bar">
      <ProgressBar thin percent={percent} label={format(texts.progress, { percent })} />
      <div className="session-bar-row">
        <span className="session-bar-welcome">{name ? format(texts.welcome, { name }) : null}</span>
        <Button type="link" className="session-bar-logout" onClick={() => void logout()} loading={busy}>
          {texts.logout}
        </Button>
      </div>
    </div>
  );
}

/** Terms, privacy and support on every page, from flow-config/messages.json `links`. */
export function LegalLinks() {
  const { messages } = useConfig();
  const { links, shell } = messages;
  const items = [
    [shell.terms, links.terms],
    [shell.privacy, links.privacy],
    [shell.support, links.support],
  ] as const;
  return (
    <nav className="onboard-footer" aria-label={shell.footer}>
      <ul>
        {items.map(([label, href]) => (
          <li key={label}>
            <a href={href} target="_blank" rel="noreferrer">
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
