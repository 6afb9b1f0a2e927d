import type { ThemeConfig } from 'antd';

/**
 * The theme's design tokens, plain data: src/ui/theme.ts hands them to antd, and the browser build computes antd's
 * whole token from them once, at build time (scripts/vite-antd-build-token.ts), instead of on every page load.
 */
export const themeTokens = {
  token: {
    colorPrimary: '#2454d6',
    // antd derives a lighter hover colour, on which white text falls below 4.5:1: go darker instead.
    colorPrimaryHover: '#1d47bd',
    colorPrimaryActive: '#183c9f',
    colorLink: '#2454d6',
    colorLinkHover: '#1d47bd',
    // One red for every error (text, borders, danger buttons), 5.9:1 on white: antd's #ff4d4f was 3.3:1.
    colorError: '#c41d1f',
    colorErrorHover: '#a3181a',
    colorErrorActive: '#84130f',
    // A loading button fades to this opacity; antd's 0.65 left its white text at 3.1:1 on the brand blue.
    opacityLoading: 0.9,
    borderRadius: 8,
    fontSize: 15,
    controlHeight: 44,
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    // The crop dialog's zoom and rotation handles: at least 24 px to hit (WCAG 2.5.8); antd's are 10-14.
    Slider: { handleSize: 24, handleSizeHover: 26, railSize: 6, controlSize: 28 },
  },
} as const satisfies Pick<ThemeConfig, 'token' | 'components'>;

/**
 * One name for the class the theme's CSS variables hang on, wherever the tree is drawn (the build's render, a hydrated
 * page, one drawn afresh): the CSS file the build writes names it.
 */
export const cssVarKey = 'css-var-onboard';
