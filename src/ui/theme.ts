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
