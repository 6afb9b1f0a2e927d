import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeclarationOnRecord } from '../../core/api/types';
import type { FlowConfig } from '../../core/engine/flow-types';
import { DeclarationsOnRecord } from '../../src/ops/declarations-on-record';

/** Issue 29: the back office shows each declaration in the words the applicant was shown, with its release and hash. */

const flow = { steps: [{ id: 'personal_details', title: 'Personal Details', routes: ['/personal-details'] }] } as unknown as FlowConfig;
const hash = 'a'.repeat(64);
const entry = (release: number | null, words: string[], wordsMatch = true): DeclarationOnRecord => ({
  kind: 'declaration',
  step: 'personal_details',
  field: 'fnoRiskAcknowledged',
  declaredAt: '2026-01-15T10:00:00.000Z',
  release,
  language: 'hi',
  languageName: 'हिन्दी',
  textSha256: hash,
  words,
  wordsMatch,
});

describe('DeclarationsOnRecord', () => {
  it('quotes the words shown, says when, which release and which language, and the stored hash', () => {
    render(<DeclarationsOnRecord flow={flow} declarations={[entry(2, ['Risk disclosures on derivatives', '9 out of 10 traders lost money.'])]} />);
    const section = screen.getByRole('region', { name: 'Declarations, in the words shown' });
    const record = within(section).getByRole('article', { name: 'Personal Details' });
    expect(record.textContent).toContain('Personal Details: ticked');
    expect(record.textContent).toContain('config release 2, in हिन्दी');
    expect(within(record).getByText('9 out of 10 traders lost money.').closest('blockquote')?.getAttribute('lang')).toBe('hi');
    expect(within(record).getByText(`SHA-256 of the words shown: ${hash}`)).toBeTruthy();
    expect(within(record).queryByRole('alert')).toBeNull();
  });

  it('a declaration from before releases says so; words that do not match the hash are flagged', () => {
    render(<DeclarationsOnRecord flow={flow} declarations={[entry(null, ['Other words'], false)]} />);
    expect(screen.getByRole('article').textContent).toContain('config release none, made before releases');
    expect(screen.getByRole('alert').textContent).toBe('These words do not hash to the stored SHA-256: do not rely on them.');
  });

  it('with none, says there are none yet', () => {
    render(<DeclarationsOnRecord flow={flow} declarations={[]} />);
    expect(screen.getByText('No declarations yet.')).toBeTruthy();
  });
});
