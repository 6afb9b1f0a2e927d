import type { OpsActionResponse, OpsApplication, OpsApplicationList, OpsAuditEntry } from '../core/api/types';

/** Plain-text views of ops API answers for a terminal. */

/** An ISO time as the terminal shows it: '2026-01-15 10:00:00Z'. */
export const time = (iso: string) => iso.replace('T', ' ').replace(/\.\d{3}Z$/, 'Z');

/** Columns padded to their widest cell. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

export function formatList(list: OpsApplicationList): string {
  if (list.applications.length === 0) return `No applications (total ${list.total}).`;
  const rows = list.applications.map((a) => [a.id, a.phone, a.pan ?? '-', a.name ?? '-', a.step ?? '-', time(a.updatedAt)]);
  const last = list.offset + list.applications.length;
  const more = last < list.total ? `; next page: --offset ${last}` : '';
  return `${table(['ID', 'PHONE', 'PAN', 'NAME', 'STEP', 'UPDATED'], rows)}\n\n${list.offset + 1}-${last} of ${list.total}${more}`;
}

function auditLine(entry: OpsAuditEntry): string[] {
  const move = entry.fromStep !== entry.toStep && entry.toStep ? `${entry.fromStep ?? '-'} → ${entry.toStep}` : '';
  const reasons = Object.entries(entry.reasons ?? {}).map(([step, reason]) => `${step}: ${reason}`);
  return [time(entry.at), entry.actor, entry.action, [move, ...reasons, entry.note ?? ''].filter(Boolean).join('; ')];
}

export function formatApplication(application: OpsApplication): string {
  const { user } = application;
  const rejected = Object.entries(user.rejectedSteps ?? {}).map(([step, value]) => `${step} (${value.reason ?? 'no reason'})`);
  const fields: [string, string][] = [
    ['ID', user.id],
    ['Name', user.name ?? '-'],
    ['Phone', user.phone],
    ['Email', user.email ?? '-'],
    ['PAN', user.pan ?? '-'],
    ['Step', `${user.nextStep ?? '-'} (last done: ${user.currentStep ?? '-'})`],
    ['Rejected', rejected.length ? rejected.join(', ') : '-'],
  ];
  const steps = Object.entries(application.steps).map(([step, data]) => `  ${step}: ${JSON.stringify(data)}`);
  const documents = application.documents.map((d) =>
    [d.id, d.label, d.step ?? '(replaced)', d.contentType, `${Math.round(d.size / 1024)} KB`, time(d.uploadedAt)],
  );
  const audit = application.audit.map(auditLine);
  return [
    table(['FIELD', 'VALUE'], fields),
    '',
    'Step documents',
    ...(steps.length ? steps : ['  (none)']),
    '',
    'Documents (open one: GET /api/ops/documents/<ID>)',
    documents.length ? table(['ID', 'WHAT', 'STEP', 'TYPE', 'SIZE', 'UPLOADED'], documents).replace(/^/gm, '  ') : '  (none)',
    '',
    'Audit trail',
    audit.length ? table(['TIME', 'ACTOR', 'ACTION', 'DETAILS'], audit).replace(/^/gm, '  ') : '  (empty)',
  ].join('\n');
}

export function formatAction(answer: OpsActionResponse): string {
  const lines = [answer.message];
  if (answer.link) lines.push(`Link: ${answer.link}`);
  lines.push(answer.emailSent ? 'The applicant was emailed.' : 'The decision is recorded, but the email could NOT be sent (see the audit trail).');
  return lines.join('\n');
}
