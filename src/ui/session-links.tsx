import { Button } from 'antd';
import { useLogout } from '../app/use-logout';
import { useConfig } from '../config/config-context';

/** The Contact Support link and Logout at the foot of the resume and status screens. */
export function SessionLinks({ supportLabel, logoutLabel }: { supportLabel: string; logoutLabel: string }) {
  const { messages } = useConfig();
  const { logout, busy } = useLogout();
  return (
    <div className="screen-links">
      <a href={messages.links.support} target="_blank" rel="noreferrer">
        {supportLabel}
      </a>
      <Button type="link" onClick={() => void logout()} loading={busy}>
        {logoutLabel}
      </Button>
    </div>
  );
}
