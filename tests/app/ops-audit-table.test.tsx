import { describe, expect, it } from 'vitest';
import type { OpsAuditEntry } from '../../core/api/types';
import { pageOpens } from '../../src/ops/audit-table';

/** Issue 32: the audit trail folds a page open's document views into one line. */

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const view = (at: string, actor: string, label: string, n: number): OpsAuditEntry => ({
  at,
  actor,
  action: 'document_viewed',
  fromStep: null,
  toStep: null,
  reasons: null,
  note: `${label} ${id(n)}`,
});

describe('pageOpens', () => {
  it('one line per page open, newest first: a reload (the same document again) or 5 minutes apart starts the next', () => {
    const reviewer = 'ravi.kumar@broker.in';
    const auditor = 'meena.iyer@broker.in';
    const entries = [
      view('2026-01-15T10:00:00.000Z', reviewer, 'PAN image', 1),
      view('2026-01-15T10:00:00.100Z', auditor, 'Selfie', 2),
      view('2026-01-15T10:00:00.200Z', reviewer, 'Selfie', 2),
      view('2026-01-15T10:00:00.300Z', reviewer, 'Nominee proof', 3),
      // The reviewer reloads: the PAN image again.
      view('2026-01-15T10:01:00.000Z', reviewer, 'PAN image', 1),
      // Ten minutes later, a document not seen before.
      view('2026-01-15T10:11:00.000Z', reviewer, 'Income proof', 4),
      { at: '2026-01-15T10:12:00.000Z', actor: reviewer, action: 'approve', fromStep: 'verification_pending', toStep: 'verified', reasons: null, note: null },
    ];
    const listed = [{ id: id(3), step: 'nominee', kind: 'nominee_proof', label: 'Nominee proof: Asha Rao', contentType: 'image/jpeg', size: 1, uploadedAt: '' }];
    expect(pageOpens(entries, listed)).toEqual([
      { at: '2026-01-15T10:11:00.000Z', actor: reviewer, documents: ['Income proof'] },
      { at: '2026-01-15T10:01:00.000Z', actor: reviewer, documents: ['PAN image'] },
      { at: '2026-01-15T10:00:00.100Z', actor: auditor, documents: ['Selfie'] },
      { at: '2026-01-15T10:00:00.000Z', actor: reviewer, documents: ['PAN image', 'Selfie', 'Nominee proof: Asha Rao'] },
    ]);
  });
});
