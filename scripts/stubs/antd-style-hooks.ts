/**
 * antd's style hooks (antd/es/theme/util/genStyleUtils.js) in the browser build, where antd makes no CSS (its
 * zero-runtime mode, src/ui/theme.ts): a component's hook gives its hash class and the class of its CSS variables,
 * both fixed by the build; the styles and the variables are in the CSS file the build wrote.
 */
import { cssVarKey, hashId } from 'virtual:onboard-antd-token';

const classes = [hashId, cssVarKey] as const;

export const genStyleHooks = () => (): typeof classes => classes;
export const genComponentStyleHook = () => (): string => hashId;
export const genSubStyleComponent = () => (): null => null;

/** As antd's own: the name and the reference of a component's CSS variable (its styles and a few components name them). */
export const genCssVar = (antCls: string, component: string) => {
  const cssPrefix = `--${antCls.replace(/\./g, '')}-${component}-`;
  const varName = (name: string) => `${cssPrefix}${name}`;
  const varRef = (name: string, fallback?: string) => (fallback ? `var(${cssPrefix}${name}, ${fallback})` : `var(${cssPrefix}${name})`);
  return [varName, varRef] as const;
};
