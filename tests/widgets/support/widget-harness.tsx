import { render } from '@testing-library/react';
import { useState, type ComponentType } from 'react';
import type { RJSFSchema } from '@rjsf/utils';
import { ApiContext } from '../../../src/api/api-context';
import { createApiClient } from '../../../src/api/create-api-client';
import { defaultBundle } from '../../../src/config/bundle';
import { ConfigProvider } from '../../../src/config/config-context';
import type { StepWidgetProps } from '../../../src/renderer/public-api/fields';
import { adapterFrom, type Handler } from '../../app/support/adapter';

export interface HarnessOptions {
  widget: ComponentType<StepWidgetProps>;
  options?: Record<string, unknown>;
  schema?: RJSFSchema;
  value?: unknown;
  label?: string;
  rawErrors?: string[];
  /** Answers the widget's API calls. */
  network?: Handler;
}

/** One widget as rjsf would mount it, its value held by the harness and shown in an <output> for assertions. */
export function renderWidget({ widget: Widget, options = {}, schema = { type: 'string' }, value, label = 'Field', rawErrors = [], network }: HarnessOptions) {
  const values: unknown[] = [];
  const api = createApiClient({
    messages: defaultBundle.messages,
    getToken: () => 'token',
    onUnauthorized: () => {},
    onOutOfSync: () => {},
    adapter: adapterFrom(network ?? (() => ({ status: 404, body: { message: 'no network in this test' } }))),
  });
  function Harness() {
    const [current, setCurrent] = useState<unknown>(value);
    const props = {
      id: 'root_field',
      name: 'field',
      label,
      value: current,
      options,
      schema,
      uiSchema: {},
      rawErrors,
      required: false,
      disabled: false,
      readonly: false,
      autofocus: false,
      placeholder: '',
      registry: { formContext: {} },
      onChange: (next: unknown) => {
        values.push(next);
        setCurrent(next);
      },
      onBlur: () => {},
      onFocus: () => {},
    } as unknown as StepWidgetProps;
    return (
      <>
        <Widget {...props} />
        <output data-testid="value">{current === undefined ? '' : JSON.stringify(current)}</output>
      </>
    );
  }
  const view = render(
    <ConfigProvider bundle={defaultBundle}>
      <ApiContext value={api}>
        <Harness />
      </ApiContext>
    </ConfigProvider>,
  );
  return { ...view, values };
}
