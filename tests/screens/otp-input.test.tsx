import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { emptyCode, isComplete, OtpInput } from '../../src/ui/otp-input';

function Harness({ onComplete }: { onComplete: (code: string) => void }) {
  const [code, setCode] = useState(() => emptyCode(4));
  return (
    <OtpInput
      value={code}
      labelTemplate="Digit {index} of {length}"
      onChange={(next) => {
        setCode(next);
        if (isComplete(next)) onComplete(next.join(''));
      }}
    />
  );
}

const boxes = () => [1, 2, 3, 4].map((n) => screen.getByLabelText<HTMLInputElement>(`Digit ${n} of 4`));

describe('OtpInput', () => {
  it('has four numeric boxes; the first offers one-time-code autofill', () => {
    render(<Harness onComplete={() => {}} />);
    const [first, second] = boxes();
    expect(boxes()).toHaveLength(4);
    expect(first?.inputMode).toBe('numeric');
    expect(first?.autocomplete).toBe('one-time-code');
    expect(second?.autocomplete).toBe('off');
  });

  it('typing advances to the next box, ignores letters and completes at four digits', async () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    const user = userEvent.setup();
    await user.click(boxes()[0]!);
    await user.keyboard('1a2');
    expect(boxes().map((box) => box.value)).toEqual(['1', '2', '', '']);
    expect(document.activeElement).toBe(boxes()[2]);
    await user.keyboard('34');
    expect(onComplete).toHaveBeenCalledWith('1234');
  });

  it('Backspace on an empty box clears the previous one and moves back', async () => {
    render(<Harness onComplete={() => {}} />);
    const user = userEvent.setup();
    await user.click(boxes()[0]!);
    await user.keyboard('12');
    expect(document.activeElement).toBe(boxes()[2]);
    await user.keyboard('{Backspace}');
    expect(boxes().map((box) => box.value)).toEqual(['1', '', '', '']);
    expect(document.activeElement).toBe(boxes()[1]);
  });

  it('pasting a 4-digit code anywhere fills every box', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    fireEvent.paste(boxes()[2]!, { clipboardData: { getData: () => ' 98-76 ' } });
    expect(boxes().map((box) => box.value)).toEqual(['9', '8', '7', '6']);
    expect(onComplete).toHaveBeenCalledWith('9876');
  });
});
