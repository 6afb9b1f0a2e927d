/**
 * Pure: who may do what in the back office. Shared by the ops API (which refuses) and the console (which does not
 * offer what would be refused).
 */

export const opsRoles = ['reviewer', 'supervisor', 'auditor', 'editor', 'approver'] as const;
export type OpsRole = (typeof opsRoles)[number];

/**
 * session: who the signed-in person is, and signing out (every role);
 * read: applications, documents, audit, funnel, reviewers; decide: decisions and re-KYC links; manage: reviewers;
 * the config studio's: readConfig (drafts, their changes and history), editConfig (make, edit and propose drafts),
 * approveConfig (approve a draft as a release, or send it back). Compliance and product edit (editor) and a second
 * person publishes (approver); neither reads applicants' data.
 */
export type OpsPermission = 'session' | 'read' | 'decide' | 'manageReviewers' | 'readConfig' | 'editConfig' | 'approveConfig';

/** The machine token (OPS_TOKEN) may do everything; it names itself 'ops-token' in the audit trail. */
export const opsTokenActor = 'ops-token';

const grants: Record<OpsRole | typeof opsTokenActor, readonly OpsPermission[]> = {
  reviewer: ['session', 'read', 'decide'],
  supervisor: ['session', 'read', 'decide', 'manageReviewers', 'readConfig'],
  auditor: ['session', 'read', 'readConfig'],
  editor: ['session', 'readConfig', 'editConfig'],
  approver: ['session', 'readConfig', 'approveConfig'],
  [opsTokenActor]: ['session', 'read', 'decide', 'manageReviewers', 'readConfig', 'editConfig', 'approveConfig'],
};

export function isOpsRole(value: string): value is OpsRole {
  return (opsRoles as readonly string[]).includes(value);
}

export function mayDo(role: OpsRole | typeof opsTokenActor, permission: OpsPermission): boolean {
  return grants[role].includes(permission);
}
