import type { RJSFSchema } from '@rjsf/utils';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { defaultBundle } from '../../src/config/bundle';
import { ConfigProvider } from '../../src/config/config-context';
import { format } from '../../src/text/format';
import type { StepRegistry, StepWidgetProps } from '../../src/renderer/form/types';
import { DateInputWidget } from '../../widgets/date-input/date-input-widget';
import { widgetOptions } from '../../core/catalog/widgets';
import { widgetLoaders } from '../../widgets/registry';
import { indianToday } from '../../core/engine/calendar-date';

/** The Indian calendar day `days` from today (the widget's 'today', as the server's x-dateWithin counts it), as DD/MM/YYYY. */
function indianDay(days = 0): string {
  const { year, month, day } = indianToday(Date.now());
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return [date.getUTCDate(), date.getUTCMonth() + 1].map((part) => String(part).padStart(2, '0')).concat(String(date.getUTCFullYear())).join('/');
}

// The widget as rjsf drives it: controlled, the value kept by the form.
type Options = StepWidgetProps['options'];

function Harness({ options = {}, initial, onValue }: { options?: Options; initial?: string; onValue: (v: unknown) => void }) {
  const [value, setValue] = useState<unknown>(initial);
  const props: StepWidgetProps = {
    id: 'root_dateOfBirth',
    name: 'dateOfBirth',
    label: 'Date of Birth',
    value,
    options,
    schema: { type: 'string' } satisfies RJSFSchema,
    registry: { formContext: {} } as unknown as StepRegistry,
    placeholder: 'Date of birth (in DD/MM/YYYY)',
    onChange: (next: unknown) => {
      setValue(next);
      onValue(next);
    },
    onBlur: () => {},
    onFocus: () => {},
  };
  return <DateInputWidget {...props} />;
}

function setup(props: { options?: Options; initial?: string } = {}) {
  const onValue = vi.fn();
  const view = render(
    <ConfigProvider bundle={defaultBundle}>
      <Harness {...props} onValue={onValue} />
    </ConfigProvider>,
  );
  const input = screen.getByPlaceholderText<HTMLInputElement>('Date of birth (in DD/MM/YYYY)');
  return { ...view, onValue, input, user: userEvent.setup() };
}

const { controls } = defaultBundle.messages;
const calendarButton = format(controls.chooseDate, { label: 'Date of Birth' });

describe('dateInput widget', () => {
  it('is what the registry binds its config name to, with its options schema', async () => {
    expect(await widgetLoaders.dateInput()).toBe(DateInputWidget);
    expect(Object.keys(widgetOptions.dateInput.properties)).toEqual(['clearable', 'min', 'max']);
  });

  it("typed '15/08/1990' sets the value as the DD/MM/YYYY string", async () => {
    const { input, user, onValue } = setup();
    await user.click(input);
    await user.type(input, '15/08/1990');
    expect(onValue).toHaveBeenLastCalledWith('15/08/1990');
    expect(input.value).toBe('15/08/1990');
  });

  it('puts the slashes in by itself: digits alone are enough, and nothing past the year is taken', async () => {
    const { input, user, onValue } = setup();
    await user.type(input, '1508199012');
    expect(input.value).toBe('15/08/1990');
    expect(onValue).toHaveBeenLastCalledWith('15/08/1990');
    expect(input.getAttribute('inputmode')).toBe('numeric');
  });

  it.each([
    ['before 01/01/1900', '01/01/1800'],
    ['in the future', indianDay(1)],
    ['not a date', '31/02/1990'],
  ])('a typed date %s (%s) is ignored', async (_name, text) => {
    const { input, user, onValue } = setup();
    await user.click(input);
    await user.type(input, text);
    await user.tab();
    expect(onValue).not.toHaveBeenCalled();
  });

  it('an ignored date leaves the input empty once the user moves on', async () => {
    const { input, user } = setup();
    await user.click(input);
    await user.type(input, '01/01/1800');
    await user.tab();
    expect(input.value).toBe('');
  });

  it('editing a chosen date into an incomplete one clears the value; moving on shows the last good date gone', async () => {
    const { input, user, onValue } = setup({ initial: '15/08/1990' });
    expect(input.value).toBe('15/08/1990');
    await user.click(input);
    await user.type(input, '{Backspace}');
    expect(onValue).toHaveBeenLastCalledWith(undefined);
    await user.tab();
    expect(input.value).toBe('');
  });

  it('today is allowed by default', async () => {
    const today = indianDay();
    const { input, user, onValue } = setup();
    await user.type(input, today);
    expect(onValue).toHaveBeenLastCalledWith(today);
  });

  it('ui:options min and max narrow the range, for typing and for the calendar', async () => {
    const { input, user, onValue } = setup({ options: { min: '01/01/2000', max: '31/12/2000' } });
    await user.type(input, '15/08/1990');
    await user.tab();
    expect(onValue).not.toHaveBeenCalled();
    const calendar = screen.getByTestId<HTMLInputElement>('root_dateOfBirth__calendar');
    calendar.showPicker = vi.fn();
    await user.click(screen.getByRole('button', { name: calendarButton }));
    expect([calendar.getAttribute('min'), calendar.getAttribute('max')]).toEqual(['2000-01-01', '2000-12-31']);
  });

  it("a date picked in the device's calendar is taken as DD/MM/YYYY", async () => {
    const { onValue, input, user } = setup();
    const calendar = screen.getByTestId<HTMLInputElement>('root_dateOfBirth__calendar');
    const opened = vi.fn();
    calendar.showPicker = opened;
    await user.click(screen.getByRole('button', { name: calendarButton }));
    expect(opened).toHaveBeenCalled();
    fireEvent.change(calendar, { target: { value: '1990-08-15' } });
    expect(onValue).toHaveBeenLastCalledWith('15/08/1990');
    expect(input.value).toBe('15/08/1990');
    expect(calendar.getAttribute('aria-hidden')).toBe('true');
  });

  it('has a Clear button only when ui:options.clearable', async () => {
    const plain = setup({ initial: '15/08/1990' });
    expect(screen.queryByRole('button', { name: controls.clear })).toBeNull();
    plain.unmount();

    const clearable = setup({ initial: '15/08/1990', options: { clearable: true } });
    await clearable.user.click(screen.getByRole('button', { name: controls.clear }));
    expect(clearable.onValue).toHaveBeenLastCalledWith(undefined);
    expect(clearable.input.value).toBe('');
  });
});
