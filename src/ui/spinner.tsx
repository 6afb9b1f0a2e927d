import { Spin } from 'antd';

/** Shown while the session or a screen loads, so the card is never blank. */
export function Spinner() {
  return (
    <div className="onboard-spinner" role="status" aria-busy="true">
      <Spin size="large" />
    </div>
  );
}
