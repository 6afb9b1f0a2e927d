import type { ThemeConfig } from 'antd';

/** A clean, calm theme: one brand colour, soft corners, the system font stack. */
export const theme: ThemeConfig = {
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
