/**
 * Strictly increasing times for the audit trail, so its order is exact even within a millisecond (as the outbox
 * does). One per app: every ops route that writes the trail shares it.
 */
export interface AuditClock {
  stamp(): number;
}

export function createAuditClock(clock: () => number): AuditClock {
  let lastAt = 0;
  return { stamp: () => (lastAt = Math.max(clock(), lastAt + 1)) };
}
