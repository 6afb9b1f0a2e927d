/**
 * antd's useToken (antd/es/theme/useToken.js) in the browser build: the token the build computed for our one theme
 * (scripts/vite-antd-build-token.ts), in the shape antd's own returns ([theme, token, hashId, token, cssVar,
 * zeroRuntime]). Components read a few values from it in JavaScript (z-indices, the select's row height, motion).
 */
import { cssVarKey, hashId, token } from 'virtual:onboard-antd-token';

const cssVar = { prefix: 'ant', key: cssVarKey };
const result = [undefined, token, hashId, token, cssVar, true] as const;

export default function useToken(): typeof result {
  return result;
}
