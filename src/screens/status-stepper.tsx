import type { StageState } from './completed-stage';

/** A vertical stepper; the state is a data attribute so CSS draws it and tests can read it. */
export function StatusStepper({ labels, states }: { labels: string[]; states: StageState[] }) {
  return (
    <ol className="status-stepper">
      {labels.map((label, index) => (
        <li key={label} className="status-stage" data-state={states[index]} aria-current={states[index] === 'progress' ? 'step' : undefined}>
          <span className="status-dot" aria-hidden="true">
            {states[index] === 'completed' ? '✓' : index + 1}
          </span>
          <span className="status-label">{label}</span>
        </li>
      ))}
    </ol>
  );
}
