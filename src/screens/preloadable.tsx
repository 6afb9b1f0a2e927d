import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from './screen-props';

export type ScreenComponent = ComponentType<ScreenProps>;

/** A lazily loaded screen that can also be loaded ahead of its first render. */
export type PreloadableScreen = ScreenComponent & { preload(): Promise<unknown> };

/**
 * Like React.lazy, but once preload() has finished the screen renders at once, without suspending.
 * main.tsx preloads the first route's screen before rendering, so a prerendered page hydrates in
 * one pass and a client-rendered one shows no spinner between the prerendered card and its own.
 */
export function preloadable(load: () => Promise<ScreenComponent>): PreloadableScreen {
  let loaded: ScreenComponent | undefined;
  let loading: Promise<ScreenComponent> | undefined;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Screen(props: ScreenProps) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(Screen, { preload });
}
