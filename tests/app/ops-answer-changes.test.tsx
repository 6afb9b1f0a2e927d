import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OpsDocument, OpsStepAnswers } from '../../core/api/types';
import { AnswersList } from '../../src/ops/answers-list';

/** Issue 32: after a fix, the reviewer reads which answers changed, the old struck through and the new marked. */

const proof: OpsDocument = {
  id: 'doc-new',
  step: 'personal_details',
  kind: 'modification_document',
  label: 'Address proof',
  contentType: 'image/jpeg',
  size: 1000,
  uploadedAt: '2026-01-15T10:00:00.000Z',
  newSinceReview: true,
};

const fixed: OpsStepAnswers = {
  step: 'personal_details',
  title: 'Personal Details',
  changedAt: '2026-01-15T10:00:00.000Z',
  answers: [
    { field: 'fatherName', label: "Father's / Parent's Name", value: 'Ramesh Kumar Rao' },
    { field: 'maritalStatus', label: 'Marital Status', value: 'Unmarried' },
  ],
  changes: [
    { field: 'fatherName', label: "Father's / Parent's Name", before: 'Ramesh Kumar', after: 'Ramesh Kumar Rao' },
    { field: 'occupation', label: 'Occupation', before: 'Business' },
    { field: 'proof', label: 'Proof', before: 'doc-old', after: 'doc-new', document: true },
  ],
};

const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('AnswersList: what changed since the last review', () => {
  it('each changed answer under its label: before struck through, now highlighted, documents by name', () => {
    render(<AnswersList answers={[fixed]} documents={[proof]} />);
    const step = screen.getByRole('region', { name: 'Personal Details' });
    const table = within(step).getByRole('table', { name: 'What the applicant changed' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Question', 'Before', 'Now']);
    expect(rows(table)).toEqual([
      ["Father's / Parent's Name", 'Ramesh Kumar', 'Ramesh Kumar Rao'],
      ['Occupation', 'Business', '(not answered)'],
      ['Proof', 'An earlier upload (replaced)', 'Address proof, uploaded 15/01/2026, 15:30 IST'],
    ]);
    expect(within(table).getByText('Ramesh Kumar').closest('del')).not.toBeNull();
    expect(within(table).getByText('Ramesh Kumar Rao').closest('ins')).not.toBeNull();
    expect(table.textContent).not.toMatch(/doc-(old|new)|fatherName/);
  });

  it('a step without changes shows no table', () => {
    render(<AnswersList answers={[{ ...fixed, changes: undefined }]} documents={[]} />);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
