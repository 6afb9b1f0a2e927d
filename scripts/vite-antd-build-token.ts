import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { cssVarKey, themeTokens } from '../src/ui/theme-tokens.ts';

const require = createRequire(import.meta.url);

/** What antd's useToken gives its components, as the browser would compute it from src/ui/theme-tokens.ts. */
export interface BuildToken {
  /** The class antd's CSS scopes its rules with (`:where(.css-…)`): the salt's hash, as @ant-design/cssinjs makes it. */
  hashId: string;
  /** The whole token, every seed, map and alias value, with the components' overrides under their names. */
  token: Record<string, unknown>;
}

/**
 * antd's token for our theme, computed in Node with antd's own functions (its CommonJS build): the seed with our
 * values, the default algorithm, the alias step and the components' overrides, as ConfigProvider and useToken do in
 * the browser. The prerender compares it with what antd computes as it draws the pages (scripts/vite-prerender.ts).
 */
export function buildToken(): BuildToken {
  const { getComputedToken } = require('antd/lib/theme/useToken') as { getComputedToken: (origin: object, override: object, theme: unknown) => Record<string, unknown> };
  const seed = (require('antd/lib/theme/themes/seed') as { default: object }).default;
  const defaultTheme = (require('antd/lib/theme/themes/default/theme') as { default: unknown }).default;
  const version = (require('antd/lib/version') as { default: string }).default;
  const hash = (require('@emotion/hash') as { default: (text: string) => string }).default;
  const merged = { ...seed, ...themeTokens.token };
  const token = getComputedToken(merged, { override: merged, ...themeTokens.components }, defaultTheme);
  // useToken's salt is `${version}-${hashed}` (hashed: true, antd's default), then `_${prefix}` ('ant'); cssinjs names
  // the class by NODE_ENV, as the build's own render does in this process (a build run from the tests is not production).
  const prefix = process.env.NODE_ENV !== 'production' ? 'css-dev-only-do-not-override' : 'css';
  return { hashId: `${prefix}-${hash(`${version}-true_ant`)}`, token };
}

const VIRTUAL_ID = 'virtual:onboard-antd-token';

/** antd's modules that compute the theme or make CSS in the browser, what the browser build takes instead, and its exports. */
const replaced: [module: RegExp, stub: string, exports: string][] = [
  [/[\\/]antd[\\/]es[\\/]theme[\\/]useToken\.js$/, 'antd-use-token.ts', 'default'],
  [/[\\/]antd[\\/]es[\\/]theme[\\/]util[\\/]genStyleUtils\.js$/, 'antd-style-hooks.ts', 'genStyleHooks, genComponentStyleHook, genSubStyleComponent, genCssVar'],
  [/[\\/]antd[\\/]es[\\/]theme[\\/]util[\\/]useResetIconStyle\.js$/, 'antd-reset-icon-style.ts', 'default'],
  [/[\\/]antd[\\/]es[\\/]theme[\\/]themes[\\/]default[\\/]theme\.js$/, 'antd-default-theme.ts', 'default'],
];

/**
 * The browser build's antd takes its token from the build: antd's useToken, its style hooks and the icons' reset style
 * become constants (scripts/stubs/antd-*.ts reading `virtual:onboard-antd-token`), so the theme algorithm, the colour
 * maths, cssinjs's token cache and stylis leave the bundle (~20 KB gzip on every route) and no page computes a
 * token or writes a <style> as it hydrates. antd's CSS, its CSS variables and the icons' reset among it, is the file
 * the build writes (scripts/vite-antd-static-styles.ts); the build's own render (SSR) keeps antd as it is.
 */
export function antdBuildToken(): Plugin {
  return {
    name: 'onboard-antd-build-token',
    enforce: 'pre',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    resolveId(source) {
      return source === VIRTUAL_ID ? `\0${VIRTUAL_ID}` : null;
    },
    load(id) {
      const stub = replaced.find(([module]) => module.test(id));
      if (stub) return `export { ${stub[2]} } from ${JSON.stringify(fileURLToPath(new URL(`./stubs/${stub[1]}`, import.meta.url)))};\n`;
      if (id !== `\0${VIRTUAL_ID}`) return null;
      const { hashId, token } = buildToken();
      return `export const hashId = ${JSON.stringify(hashId)};\nexport const cssVarKey = ${JSON.stringify(cssVarKey)};\nexport const token = ${JSON.stringify(token)};\n`;
    },
  };
}
