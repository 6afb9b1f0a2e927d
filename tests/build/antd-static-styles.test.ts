import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { withoutStyleFunctions } from '../../scripts/vite-antd-static-styles';

const source = [
  "import { genStyleHooks, genSubStyleComponent } from '../../theme/internal';",
  "import { genFocusStyle } from '../../style';",
  "import { prepareComponentToken } from './token';",
  "export const useSharedStyle = genStyleHooks(['Input', 'Shared'], (token) => [genFocusStyle(token)], prepareComponentToken);",
  "export const Compact = genSubStyleComponent(['Button', 'compact'], function (token) { return { a: token.b }; }, prepareComponentToken);",
  "export default genStyleHooks('Button', (token) => [genFocusStyle(token)], prepareComponentToken, { unitless: { fontWeight: true } });",
].join('\n');

describe("antd's style modules in the browser build", () => {
  const { code, paths } = withoutStyleFunctions(source, parseAst(source) as never);

  it('keep their hooks and options, with every style function replaced by one that makes nothing and no component-token function', () => {
    expect(code).toContain("genStyleHooks(['Input', 'Shared'], () => [], undefined)");
    expect(code).toContain("genSubStyleComponent(['Button', 'compact'], () => [], undefined)");
    expect(code).toContain("genStyleHooks('Button', () => [], undefined, { unitless: { fontWeight: true } })");
    expect(code).not.toContain('genFocusStyle(token)');
    expect(code).not.toContain('prepareComponentToken)');
  });

  it('name the style paths of their components, as cssinjs-utils names them (the build checks it drew their CSS)', () => {
    expect(paths).toEqual(['Input-Shared', 'Button-compact', 'Button-Button']);
  });
});
