/**
 * Shown while the session or a screen loads, so the card is never blank. Plain CSS (layout.css),
 * not antd's Spin: it is on screen before any component code has loaded.
 */
export function Spinner() {
  return (
    <div className="onboard-spinner" role="status" aria-busy="true" aria-label="Loading">
      <span className="onboard-spinner-ring" />
    </div>
  );
}
