import type { ThemeConfig } from 'antd';
import { cssVarKey, themeTokens } from './theme-tokens';

/** A clean, calm theme: one brand colour, soft corners, the system font stack. */
export const theme: ThemeConfig = {
  ...themeTokens,
  // The browser build makes no CSS at run time: antd's styles come as files the build wrote (scripts/vite-antd-static-
  // styles.ts), and its token is computed at build time (scripts/vite-antd-build-token.ts). The build's own render
  // (import.meta.env.SSR), the dev server and the tests make them as they go.
  zeroRuntime: import.meta.env.PROD && !import.meta.env.SSR,
  cssVar: { key: cssVarKey },
};

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

/** Whether the device asks for reduced motion; follows a change of the setting. False when prerendering. */
export function subscribeReducedMotion(onChange: () => void): () => void {
  const media = window.matchMedia(reducedMotionQuery);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

export const prefersReducedMotion = (): boolean => window.matchMedia(reducedMotionQuery).matches;

/** WCAG 2.3.3: with reduced motion asked for, antd's motion is off (its fades, slides, toasts' and dialogs' moves). */
export const stillTheme: ThemeConfig = { ...theme, token: { ...theme.token, motion: false } };
