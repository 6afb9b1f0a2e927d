import { startTransition, useEffect, useState, type ComponentType } from 'react';
import type { StepWidgetProps } from './form/types';

export type LazyWidget = ((props: StepWidgetProps) => React.JSX.Element) & {
  /** Starts loading the widget's code; resolves once it is there. */
  preload: () => Promise<void>;
  loaded: () => boolean;
};

/**
 * A widget whose code loads the first time a form needs it, so each route pays only for the widgets it uses
 * (antd's DatePicker and Select are ~45-60 KB gzip each). Forms preload the widgets their uiSchema names
 * before they show (see useWidgetsReady); should one render first, a plain disabled input holds its place.
 */
export function lazyWidget(load: () => Promise<ComponentType<StepWidgetProps>>): LazyWidget {
  let component: ComponentType<StepWidgetProps> | undefined;
  let pending: Promise<void> | undefined;
  const preload = (): Promise<void> =>
    (pending ??= load().then((loaded) => {
      component = loaded;
    }));

  function LazyWidgetView(props: StepWidgetProps) {
    const [failure, setFailure] = useState<Error>();
    const [, setLoaded] = useState(false);
    useEffect(() => {
      if (component) return;
      // A transition: the widget's first render (antd's Select, several per nominee card) is done in slices, so a
      // page that hydrated with stand-ins takes input while they are swapped.
      const swap = () => startTransition(() => setLoaded(true));
      preload().then(swap, (error: unknown) => setFailure(error instanceof Error ? error : new Error(String(error))));
    }, []);
    // Thrown while rendering, so the page's error boundary names the route instead of leaving a dead input.
    if (failure) throw failure;
    const Loaded = component;
    if (Loaded) return <Loaded {...props} />;
    return <input className="ant-input" placeholder={props.placeholder} disabled aria-busy="true" aria-hidden="true" />;
  }
  return Object.assign(LazyWidgetView, { preload, loaded: () => component !== undefined });
}
