import { ConfigProvider, type ThemeConfig } from 'antd';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { buildToken, type BuildToken } from '../../scripts/vite-antd-build-token';
import { AntdTokenProbe } from '../../src/app/antd-token-probe';
import { theme } from '../../src/ui/theme';

/** What antd's components get from useToken as it draws under `config` (cssinjs's cache key aside). */
function drawnToken(config: ThemeConfig): BuildToken {
  let seen: BuildToken | undefined;
  renderToString(createElement(ConfigProvider, { theme: config }, createElement(AntdTokenProbe, { onToken: (drawn) => (seen = drawn) })));
  if (!seen) throw new Error('antd drew no token');
  return seen;
}

describe("the browser build's antd token (computed at build time)", () => {
  it('is the token antd computes for the app theme as it draws, and its hash class', () => {
    const built = buildToken();
    const drawn = drawnToken(theme);
    expect(built.token).toEqual(drawn.token);
    // Outside production (the tests) both are 'css-dev-only-do-not-override-<hash>'.
    expect(built.hashId).toBe(drawn.hashId);
  });

  it('follows the theme: another brand colour draws another token', () => {
    const other = drawnToken({ ...theme, token: { ...theme.token, colorPrimary: '#008000' } });
    expect(other.token.colorPrimary).toBe('#008000');
    expect(buildToken().token).not.toEqual(other.token);
  });
});
