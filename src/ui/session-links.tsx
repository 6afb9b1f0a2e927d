import { useConfig } from '../config/config-context';

/** The Contact Support link at the foot of the resume and status screens (Logout is in the bar above every signed-in page). */
export function SupportLink({ label }: { label: string }) {
  const { messages } = useConfig();
  return (
    <div className="screen-links">
      <a href={messages.links.support} target="_blank" rel="noreferrer">
        {label}
      </a>
    </div>
  );
}
