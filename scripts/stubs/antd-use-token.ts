/**
 * antd's useToken (antd/es/theme/useToken.js) in the browser build: the token the build computed for our one theme
 * (scripts/vite-antd-build-token.ts), in the shape antd's own returns ([theme, token, hashId, token, cssVar,
 * zeroRuntime]). Components read a few values from it in JavaScript (z-indices, the select's row height, motion).
 */
import { cssVarKey, hashId, token } from 'virtual:onboard-antd-token';

const cssVar = { prefix: 'ant', key: cssVarKey };
const moving = [undefined, token, hashId, token, cssVar, true] as const;
// WCAG 2.3.3: with reduced motion asked for, the token antd's own useToken would give a theme with motion: false
// (rc-motion then neither animates nor waits for an animation's end; layout.css zeroes the durations in the CSS).
const stillToken = { ...token, motion: false, motionDurationFast: '0s', motionDurationMid: '0s', motionDurationSlow: '0s' };
const still = [undefined, stillToken, hashId, stillToken, cssVar, true] as const;
const reducedMotion = typeof window === 'undefined' || typeof window.matchMedia !== 'function' ? undefined : window.matchMedia('(prefers-reduced-motion: reduce)');

export default function useToken(): typeof moving | typeof still {
  return reducedMotion?.matches ? still : moving;
}
