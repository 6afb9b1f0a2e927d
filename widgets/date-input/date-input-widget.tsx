import 'dayjs/locale/en-gb'; // weeks start on Monday: the picker reads the first weekday from this dayjs locale
import { DatePicker } from 'antd';
import enGB from 'antd/es/date-picker/locale/en_GB';
import type { Dayjs } from 'dayjs';
import { errorsVisible, type StepWidgetProps } from '../../src/renderer/public-api';
import { DATE_FORMAT, parseDateText, readDateInputOptions } from './date-text';

/**
 * DD/MM/YYYY date: typed or picked, stored as the 'DD/MM/YYYY' string. Typed dates outside min/max are
 * ignored (the picker rejects dates it disables), and it is clearable only when ui:options says so.
 */
export function DateInputWidget(props: StepWidgetProps) {
  const { id, value, options, disabled, readonly, placeholder, autofocus, onChange, onBlur, onFocus } = props;
  const { schema, rawErrors, registry } = props;
  const { clearable, min, max, defaultPickerValue } = readDateInputOptions(options);
  const text: unknown = value;
  const current = typeof text === 'string' ? parseDateText(text) : null;
  const outside = (date: Dayjs): boolean => date.isBefore(min, 'day') || date.isAfter(max, 'day');
  const invalid = !!rawErrors?.length && errorsVisible(registry.formContext, id, text, schema);
  return (
    <DatePicker
      id={id}
      className="onboard-date-input"
      format={DATE_FORMAT}
      locale={enGB}
      value={current}
      minDate={min}
      maxDate={max}
      disabledDate={outside}
      defaultPickerValue={defaultPickerValue}
      allowClear={clearable}
      placeholder={placeholder}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      status={invalid ? 'error' : undefined}
      onChange={(date: Dayjs | null) => onChange(date && !outside(date) ? date.format(DATE_FORMAT) : options.emptyValue)}
      onBlur={() => onBlur(id, text)}
      onFocus={() => onFocus(id, text)}
    />
  );
}
