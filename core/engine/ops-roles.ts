/**
 * Pure: who may do what in the back office. Shared by the ops API (which refuses) and the console (which does not
 * offer what would be refused).
 */

export const opsRoles = ['reviewer', 'supervisor', 'auditor'] as const;
export type OpsRole = (typeof opsRoles)[number];

/** read: applications, documents, audit, funnel, reviewers; decide: decisions and re-KYC links; manage: reviewers. */
export type OpsPermission = 'read' | 'decide' | 'manageReviewers';

/** The machine token (OPS_TOKEN) may do everything; it names itself 'ops-token' in the audit trail. */
export const opsTokenActor = 'ops-token';

const grants: Record<OpsRole | typeof opsTokenActor, readonly OpsPermission[]> = {
  reviewer: ['read', 'decide'],
  supervisor: ['read', 'decide', 'manageReviewers'],
  auditor: ['read'],
  [opsTokenActor]: ['read', 'decide', 'manageReviewers'],
};

export function isOpsRole(value: string): value is OpsRole {
  return (opsRoles as readonly string[]).includes(value);
}

export function mayDo(role: OpsRole | typeof opsTokenActor, permission: OpsPermission): boolean {
  return grants[role].includes(permission);
}
