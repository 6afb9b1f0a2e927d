/**
 * Pure: who may do what in the back office. Shared by the ops API (which refuses) and the console (which does not
 * offer what would be refused).
 */

export const opsRoles = ['reviewer', 'supervisor', 'auditor', 'editor', 'approver'] as const;
export type OpsRole = (typeof opsRoles)[number];

/**
 * read: applications, documents, audit, funnel, reviewers; decide: decisions and re-KYC links; manage: reviewers;
 * the config studio's: readConfig (drafts, their changes and history), editConfig (make, edit and propose drafts),
 * approveConfig (approve a draft as a release, or send it back). Compliance and product edit (editor) and a second
 * person publishes (approver); neither reads applicants' data.
 */
export type OpsPermission = 'read' | 'decide' | 'manageReviewers' | 'readConfig' | 'editConfig' | 'approveConfig';

/** The machine token (OPS_TOKEN) may do everything; it names itself 'ops-token' in the audit trail. */
export const opsTokenActor = 'ops-token';

const grants: Record<OpsRole | typeof opsTokenActor, readonly OpsPermission[]> = {
  reviewer: ['read', 'decide'],
  supervisor: ['read', 'decide', 'manageReviewers', 'readConfig'],
  auditor: ['read', 'readConfig'],
  editor: ['readConfig', 'editConfig'],
  approver: ['readConfig', 'approveConfig'],
  [opsTokenActor]: ['read', 'decide', 'manageReviewers', 'readConfig', 'editConfig', 'approveConfig'],
};

export function isOpsRole(value: string): value is OpsRole {
  return (opsRoles as readonly string[]).includes(value);
}

export function mayDo(role: OpsRole | typeof opsTokenActor, permission: OpsPermission): boolean {
  return grants[role].includes(permission);
}
