/**
 * Times as an Indian reviewer reads them: DD/MM/YYYY, 24-hour clock, India Standard Time (UTC+5:30 all year), never
 * ISO UTC. The back office's server (answers) and console (audit, uploads, queue) both format with these.
 */

const istOffsetMs = 330 * 60_000;
const two = (value: number) => String(value).padStart(2, '0');

/** An ISO 8601 instant with a time and a zone, as the server stores them ('2026-01-15T10:00:00.000Z'). */
export const isoInstantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

function istParts(instant: string | number): Date | undefined {
  const ms = typeof instant === 'number' ? instant : Date.parse(instant);
  return Number.isFinite(ms) ? new Date(ms + istOffsetMs) : undefined;
}

/** '15/01/2026' (the day in India). */
export function reviewerDate(instant: string | number): string {
  const ist = istParts(instant);
  return ist ? `${two(ist.getUTCDate())}/${two(ist.getUTCMonth() + 1)}/${ist.getUTCFullYear()}` : String(instant);
}

/** '15/01/2026, 15:30 IST'. */
export function reviewerTime(instant: string | number): string {
  const ist = istParts(instant);
  return ist ? `${reviewerDate(instant)}, ${two(ist.getUTCHours())}:${two(ist.getUTCMinutes())} IST` : String(instant);
}
