import './progress-bar.css';

/**
 * A plain percent bar: antd's Progress would pull its tooltip machinery into the resume chunk for one div.
 * `thin`: the overall progress at the top of every signed-in page.
 */
export function ProgressBar({ percent, label, thin = false }: { percent: number; label: string; thin?: boolean }) {
  const value = Math.max(0, Math.min(100, percent));
  return (
    <div className={thin ? 'progress-bar progress-bar-thin' : 'progress-bar'} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} aria-label={label}>
      <div className="progress-bar-fill" style={{ width: `${value}%` }} />
    </div>
  );
}
