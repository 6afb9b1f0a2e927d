import { Button } from 'antd';

export interface TimeLimitProps {
  /** The running line, e.g. 'This request expires in 4:59' (not read out every second). */
  line: string;
  left: number;
  /** Below this many seconds the warning and the extend button show. */
  warnBelow: number;
  warning: string;
  extendLabel: string;
  onExtend: () => void;
}

/**
 * A countdown the applicant can lengthen (WCAG 2.2.1): the time left, and, in its last minute, a warning that is
 * announced once and a button that adds time.
 */
export function TimeLimit({ line, left, warnBelow, warning, extendLabel, onExtend }: TimeLimitProps) {
  const low = left > 0 && left <= warnBelow;
  return (
    <div className="time-limit">
      <p className="time-limit-line">{line}</p>
      {low ? (
        <div className="time-limit-low">
          <p role="alert">{warning}</p>
          <Button onClick={onExtend}>{extendLabel}</Button>
        </div>
      ) : null}
    </div>
  );
}

/** 300 → '5:00'. */
export const clock = (seconds: number): string => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
