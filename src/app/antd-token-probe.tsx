import { theme as antdTheme } from 'antd';

export interface AntdToken {
  hashId: string;
  /** The token antd's components read, without cssinjs's cache key. */
  token: Record<string, unknown>;
}

/**
 * Hands `onToken` the token antd's components get where it is drawn: the build compares it with the token it
 * computed for the browser (scripts/vite-antd-build-token.ts).
 */
export function AntdTokenProbe({ onToken }: { onToken: (drawn: AntdToken) => void }) {
  const { token, hashId } = antdTheme.useToken();
  const { _tokenKey: _cacheKey, ...rest } = token as unknown as Record<string, unknown>;
  onToken({ hashId, token: rest });
  return null;
}
