import type { UserDetails } from '../../core/api/types';
import { useConfig } from '../config/config-context';
import { findStep } from '../../core/engine/flow';
import { displayDate } from '../../core/engine/rectification';
import { text } from '../text/format';

/**
 * Modification state: the date to fix by (copy 'fixBy', 'Fix by {date}'), then one card per rejected step: its
 * title, the line of copy 'rejected.<stepId>' and the back office's reason (either may be missing), so new
 * rejectable steps need no code.
 */
/** 'Fix by <date>' while a rectification deadline runs (copy 'fixBy'); nothing without one. */
export function FixBy({ copy, user }: { copy: Record<string, string>; user: UserDetails }) {
  if (!user.rectifyBy || !copy.fixBy) return null;
  return (
    <p className="attention-deadline" data-testid="fix-by">
      {text(copy, 'fixBy', { date: displayDate(user.rectifyBy) })}
    </p>
  );
}

export function RejectedSteps({ copy, user, deadline = true }: { copy: Record<string, string>; user: UserDetails; deadline?: boolean }) {
  const { flow } = useConfig();
  const entries = Object.entries(user.rejectedSteps);
  return (
    <section className="attention" aria-labelledby="attention-title">
      <h2 id="attention-title" className="attention-title">
        {text(copy, 'attention')} <span className="attention-count">{entries.length}</span>
      </h2>
      {deadline ? <FixBy copy={copy} user={user} /> : null}
      {/* It scrolls past 270 px (200 on phones): focusable, so a keyboard can scroll it too. */}
      <ul className="attention-list" tabIndex={0} aria-labelledby="attention-title">
        {entries.map(([id, detail]) => {
          const label = copy[`rejected.${id}`];
          // The back office's own words too: what exactly to fix ('PAN image is blurred').
          const reason = detail.reason && detail.reason !== label ? detail.reason : undefined;
          return (
            <li key={id} className="info-card attention-card">
              <strong>{findStep(flow, id)?.title ?? id}</strong>
              {label ? <span>{label}</span> : null}
              {reason ? <span className="attention-reason">{reason}</span> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
