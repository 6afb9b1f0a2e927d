import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NoticeRegion, useNotice } from '../../src/ops/notice';

/** The back office's notices: the same words twice are two notices, so the live region gets a new node each time. */
describe('useNotice', () => {
  it('counts every notice, the same words again included', () => {
    const { result } = renderHook(() => useNotice());
    expect(result.current[0]).toBeNull();
    act(() => result.current[1]({ error: false, text: 'Saved: list ‘occupation’' }));
    expect(result.current[0]).toEqual({ error: false, text: 'Saved: list ‘occupation’', shown: 1 });
    act(() => result.current[1]({ error: false, text: 'Saved: list ‘occupation’' }));
    expect(result.current[0]).toEqual({ error: false, text: 'Saved: list ‘occupation’', shown: 2 });
    act(() => result.current[1]({ error: true, text: 'Failed: the draft changed meanwhile' }));
    expect(result.current[0]).toEqual({ error: true, text: 'Failed: the draft changed meanwhile', shown: 3 });
  });

  it('shows each notice as a new node of the polite region', () => {
    function Page() {
      const [notice, show] = useNotice();
      return (
        <>
          <button type="button" onClick={() => show({ error: false, text: 'Saved: Page /verify-pan › heading (English)' })}>
            Save
          </button>
          <NoticeRegion notice={notice} />
        </>
      );
    }
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const first = screen.getByText('Saved: Page /verify-pan › heading (English)');
    expect(first.parentElement?.getAttribute('aria-live')).toBe('polite');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const second = screen.getByText('Saved: Page /verify-pan › heading (English)');
    expect(first.isConnected).toBe(false);
    expect(second).not.toBe(first);
  });
});
