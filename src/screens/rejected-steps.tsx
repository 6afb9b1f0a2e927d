import type { UserDetails } from '../api/types';
import { useConfig } from '../config/config-context';
import { findStep } from '../engine/flow';
import { text } from '../text/format';

/**
 * Modification state: one card per rejected step. The line under the title comes from copy
 * 'rejected.<stepId>', else the server's reason, so new rejectable steps need no code.
 */
export function RejectedSteps({ copy, user }: { copy: Record<string, string>; user: UserDetails }) {
  const { flow } = useConfig();
  const entries = Object.entries(user.rejectedSteps);
  return (
    <section className="attention" aria-labelledby="attention-title">
      <h2 id="attention-title" className="attention-title">
        {text(copy, 'attention')} <span className="attention-count">{entries.length}</span>
      </h2>
      <ul className="attention-list">
        {entries.map(([id, detail]) => (
          <li key={id} className="info-card attention-card">
            <strong>{findStep(flow, id)?.title ?? id}</strong>
            {copy[`rejected.${id}`] ?? detail.reason ? <span>{copy[`rejected.${id}`] ?? detail.reason}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
