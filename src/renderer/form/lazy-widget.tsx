import { lazy, Suspense, type ComponentType } from 'react';
import type { StepWidgetProps } from './types';

/**
 * A widget whose code loads the first time a form shows it, so each route pays only for the widgets it uses
 * (antd's DatePicker and Select are ~45-60 KB gzip each). Until then a plain disabled input holds its place.
 */
export function lazyWidget(load: () => Promise<ComponentType<StepWidgetProps>>): ComponentType<StepWidgetProps> {
  const Lazy = lazy(async () => ({ default: await load() }));
  function LazyWidget(props: StepWidgetProps) {
    const placeholder = <input className="ant-input" id={props.id} placeholder={props.placeholder} disabled aria-busy="true" />;
    return (
      <Suspense fallback={placeholder}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyWidget;
}
