import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from './screen-props';

export type ScreenComponent = ComponentType<ScreenProps>;

/** A lazily loaded screen that can also be loaded ahead of its first render. */
export type PreloadableScreen = Preloadable<ScreenProps>;

/** Any lazily loaded component that can be loaded ahead of its first render (a screen, the form page). */
export type Preloadable<P extends object> = ComponentType<P> & { preload(): Promise<unknown> };

/**
 * Like React.lazy, but once preload() has finished the screen renders at once, without suspending.
 * src/app/start.tsx preloads the first route's screen before rendering, so a prerendered page hydrates in
 * one pass and a client-rendered one shows no spinner between the prerendered card and its own.
 */
export function preloadable<P extends object = ScreenProps>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Screen(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(Screen, { preload });
}
