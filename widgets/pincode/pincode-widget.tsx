import { Input } from 'antd';
import { useEffect, useState } from 'react';
import { describedBy, errorsVisible, format, type StepWidgetProps } from '../../src/renderer/public-api/fields';
import { cachedPincode, PINCODE_LOOKUP, resolvePincode, useApi, type PincodeLookup } from '../../src/renderer/public-api/reference-data';
import './pincode.css';

/** Spec 5: the input allows 6 digits. */
export const PINCODE_LENGTH = 6;

const text = (options: Record<string, unknown>, key: string, fallback: string): string => {
  const value = options[key];
  return typeof value === 'string' ? value : fallback;
};

/** The lookup for a complete pincode: undefined while unknown or for a shorter code. */
function useLookup(pincode: string): PincodeLookup | undefined {
  const api = useApi();
  const complete = PINCODE_LOOKUP.test(pincode);
  const [found, setFound] = useState<{ pincode: string; result: PincodeLookup } | undefined>();
  useEffect(() => {
    if (!complete || cachedPincode(pincode) !== undefined) return undefined;
    let current = true;
    void resolvePincode(api, pincode).then((result) => current && setFound({ pincode, result }));
    return () => {
      current = false;
    };
  }, [api, pincode, complete]);
  if (!complete) return undefined;
  const cached = cachedPincode(pincode);
  if (cached !== undefined) return cached;
  return found?.pincode === pincode ? found.result : undefined;
}

/** A pincode: digits only; at 6 digits the place shows under it, or 'Pincode is invalid' for an unknown one. */
export function PincodeWidget(props: StepWidgetProps) {
  const { id, value, options, disabled, readonly, placeholder, autofocus, onChange, onBlur, onFocus, schema, rawErrors, registry } = props;
  const pincode = typeof value === 'string' ? value : '';
  const lookup = useLookup(pincode);
  const unknown = lookup === null;
  const schemaInvalid = !!rawErrors?.length && errorsVisible(registry.formContext, id, pincode, schema);
  const looking = PINCODE_LOOKUP.test(pincode) && lookup === undefined;
  return (
    <div className="pincode">
      <Input
        id={id}
        value={pincode}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={PINCODE_LENGTH}
        placeholder={placeholder}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        status={schemaInvalid || unknown ? 'error' : undefined}
        aria-invalid={schemaInvalid || unknown || undefined}
        aria-describedby={[describedBy(props), `${id}__place`].filter(Boolean).join(' ')}
        onChange={(event) => {
          const digits = event.target.value.replace(/\D/g, '').slice(0, PINCODE_LENGTH);
          onChange(digits === '' ? options.emptyValue : digits);
        }}
        onBlur={() => onBlur(id, pincode)}
        onFocus={() => onFocus(id, pincode)}
      />
      <div id={`${id}__place`} aria-live="polite">
        {unknown && !schemaInvalid ? (
          <div className="onboard-field-error" role="alert">
            {text(options, 'invalid', 'Pincode is invalid')}
          </div>
        ) : null}
        {lookup ? <div className="pincode-place">{format(text(options, 'place', '{district}, {state}'), { ...lookup })}</div> : null}
        {looking ? <div className="pincode-place">{text(options, 'looking', 'Looking up…')}</div> : null}
      </div>
    </div>
  );
}
