import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useNotice } from '../../src/ops/use-notice';

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
});
