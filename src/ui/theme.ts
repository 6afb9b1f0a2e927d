import type { ThemeConfig } from 'antd';

/** A clean, calm theme: one brand colour, soft corners, the system font stack. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#2454d6',
    colorLink: '#2454d6',
    borderRadius: 8,
    fontSize: 15,
    controlHeight: 44,
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
};
