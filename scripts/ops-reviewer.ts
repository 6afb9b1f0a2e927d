import type { OpsFunnel, OpsReviewer, OpsReviewerList, OpsReviewerResponse } from '../core/api/types';
import { opsRoles } from '../core/engine/ops-roles';
import { table } from './ops-format';
import { OpsCliError, type OpsTarget, callOps } from './ops-http';

/** `npm run ops -- reviewer add|list|disable` and `funnel`: the back office's accounts and its funnel from a terminal. */

const time = (iso: string | null) => (iso ? iso.replace('T', ' ').replace(/\.\d{3}Z$/, 'Z') : '-');

export function formatReviewers(reviewers: OpsReviewer[]): string {
  if (reviewers.length === 0) return 'No reviewers yet: add one with npm run ops -- reviewer add <email> <role>';
  const rows = reviewers.map((r) => [r.email, r.role, r.active ? 'active' : `disabled ${time(r.disabledAt)} by ${r.disabledBy ?? '-'}`, `${r.addedBy}, ${time(r.addedAt)}`]);
  return table(['EMAIL', 'ROLE', 'STATE', 'ADDED BY'], rows);
}

function describe(reviewer: OpsReviewer): string {
  return `${reviewer.email}: ${reviewer.role}, ${reviewer.active ? 'active' : 'disabled'}`;
}

/** Runs `reviewer <sub> ...`; returns what to print (text, and the JSON answer for --json). */
export async function reviewerCommand(words: string[], target: OpsTarget): Promise<{ value: unknown; text: string }> {
  const [sub, ...rest] = words;
  if (sub === 'list' && rest.length === 0) {
    const list = await callOps<OpsReviewerList>(target, 'GET', '/reviewers');
    return { value: list, text: formatReviewers(list.reviewers) };
  }
  if (sub === 'add' && rest.length === 2) {
    const [email, role] = rest as [string, string];
    if (!(opsRoles as readonly string[]).includes(role)) throw new OpsCliError(`role must be one of: ${opsRoles.join(', ')}`, 2);
    const answer = await callOps<OpsReviewerResponse>(target, 'POST', '/reviewers', { email, role });
    return { value: answer, text: `${describe(answer.reviewer)}. They sign in at /ops with a code emailed to them.` };
  }
  if (sub === 'disable' && rest.length === 1) {
    const answer = await callOps<OpsReviewerResponse>(target, 'POST', '/reviewers/disable', { email: rest[0] });
    return { value: answer, text: `${describe(answer.reviewer)}; their sessions have ended.` };
  }
  throw new OpsCliError('reviewer needs: add <email> <role> | list | disable <email>', 2);
}

export function formatFunnel(funnel: OpsFunnel): string {
  const rows = funnel.steps.map((s) => [
    s.step,
    String(s.reached),
    String(s.completed),
    String(s.dropOff),
    s.medianSeconds === null ? '-' : `${s.medianSeconds} s`,
    s.topErrors.map((e) => `${e.message} (${e.count})`).join('; ') || '-',
  ]);
  return `${time(funnel.from)} to ${time(funnel.to)}\n${table(['STEP', 'REACHED', 'COMPLETED', 'DROP-OFF', 'MEDIAN', 'TOP ERRORS'], rows)}`;
}
