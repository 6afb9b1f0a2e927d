import './progress-bar.css';

/** A plain percent bar: antd's Progress would pull its tooltip machinery into the resume chunk for one div. */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  const value = Math.max(0, Math.min(100, percent));
  return (
    <div className="progress-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} aria-label={label}>
      <div className="progress-bar-fill" style={{ width: `${value}%` }} />
    </div>
  );
}
