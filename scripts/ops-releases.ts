import type { OpsReleaseList } from '../core/api/types';
import { table, time } from './ops-format';

/**
 * `npm run ops -- releases`: the config releases, newest first; the current one (new sign-ups start on it), the retired
 * ones and the one whose files the server runs marked, and a browser client not ready (building, failed, missing).
 */
export function formatReleases({ releases }: OpsReleaseList): string {
  if (releases.length === 0) return 'No config releases yet: the server makes release 1 when it first starts.';
  const rows = releases.map((r) => [
    String(r.number),
    [r.current ? 'current' : r.retired ? 'retired' : '', r.running ? 'running' : '', r.client === 'ready' ? '' : `client ${r.client}`].filter(Boolean).join(', '),
    r.hash.slice(0, 12),
    r.createdBy,
    time(r.createdAt),
    String(r.openApplications),
    r.id,
  ]);
  return table(['RELEASE', '', 'SHA-256', 'CREATED BY', 'WHEN', 'OPEN APPLICATIONS', 'ID'], rows);
}
