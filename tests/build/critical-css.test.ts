import { describe, expect, it } from 'vitest';
import { criticalCss, cssInParts, withoutFontFaces, mayMatch, pageTokens } from '../../scripts/critical-css';

const html =
  '<html lang="en"><body><div id="root" class="onboard-layout"><main class="onboard-main">' +
  '<button type="submit" class="ant-btn css-abc ant-btn-primary" style="width:var(--bar)"><span>Go</span></button>' +
  '<input class="ant-input css-abc" disabled></main></div></body></html>';
const tokens = pageTokens(html);

describe('critical CSS of a prerendered page', () => {
  it.each([
    ['.ant-btn', true],
    [':where(.css-abc).ant-btn-primary:not(:disabled):hover', true],
    ['.onboard-layout > .onboard-main .ant-btn span', true],
    ['#root', true],
    ['button[type="submit"]', true],
    ['input[disabled]', true],
    [':root', true],
    ['.ant-btn::before', true],
    ['.ant-btn-dangerous', false],
    [':where(.css-xyz).ant-btn', false],
    [':is(.ant-modal, .ant-drawer) .ant-btn', false],
    [':is(.ant-modal, .onboard-main) .ant-btn', true],
    ['.ant-btn:not(.ant-btn-dangerous)', true],
    ['select.ant-input', false],
    ['a[href]', false],
    ['#other', false],
  ])('%s may match the page: %s', (selector, expected) => {
    expect(mayMatch(selector, tokens)).toBe(expected);
  });

  it('keeps matching rules and selectors, in order, inside their @media; drops the rest', () => {
    const css = '.ant-btn{color:red}.ant-modal{color:blue}@media (max-width:600px){.ant-modal,.onboard-main{padding:0}.ant-drawer{top:0}}';
    expect(criticalCss(css, html)).toBe('.ant-btn{color:red}@media (max-width:600px){.onboard-main{padding:0}}');
  });

  it('keeps the custom properties kept rules or the markup read, following those that read others', () => {
    const css = ':root{--a:1px;--b:var(--c);--c:2px;--d:3px;--bar:4px}.ant-btn{margin:var(--a) var(--b)}.ant-modal{margin:var(--d)}';
    expect(criticalCss(css, html)).toBe(':root{--a:1px;--b:var(--c);--c:2px;--bar:4px}.ant-btn{margin:var(--a) var(--b)}');
  });

  it("keeps the keyframes kept rules name, antd's record of its rendered styles and every font face (one added later would lay the page out again)", () => {
    const css =
      '@keyframes spin{to{transform:rotate(1turn)}}@keyframes fade{to{opacity:0}}' +
      '@font-face{font-family:"Noto";src:url(a.woff2)}@font-face{font-family:"Other";src:url(b.woff2)}' +
      '.ant-btn{animation:spin 1s;font-family:"Noto",sans-serif}.ant-modal{animation:fade 1s}' +
      '.data-ant-cssinjs-cache-path{content:"a:b"}';
    expect(criticalCss(css, html)).toBe(
      '@keyframes spin{to{transform:rotate(1turn)}}@font-face{font-family:"Noto";src:url(a.woff2)}@font-face{font-family:"Other";src:url(b.woff2)}' +
        '.ant-btn{animation:spin 1s;font-family:"Noto",sans-serif}.data-ant-cssinjs-cache-path{content:"a:b"}',
    );
  });

  it('leaves the font faces out of the full stylesheet, braces in their strings included', () => {
    const css = '.a{color:red}@font-face{font-family:"x}";src:url(a.woff2)}@media (min-width:1px){.b{margin:0}}@font-face{font-family:y}';
    expect(withoutFontFaces(css)).toBe('.a{color:red}@media (min-width:1px){.b{margin:0}}');
  });

  it('reads strings and comments without taking their braces or commas for structure', () => {
    const css = '/* .ant-modal{ */.ant-btn:after{content:"{,}"}.ant-btn[data-x="a,b"]{color:red}';
    expect(criticalCss(css, html)).toBe('.ant-btn:after{content:"{,}"}');
  });
});

describe('the full stylesheet in parts', () => {
  const css = '@layer antd, app;/*! kept */.a{color:red}@media (min-width:600px){.b{margin:0}.c{padding:0}}.d{content:"}{"}@keyframes spin{to{transform:rotate(1turn)}}.e{top:0}';

  it('cuts only between top-level rules and blocks, in order, and the parts join back to the sheet', () => {
    const parts = cssInParts(css, 40);
    expect(parts).toEqual([
      '@layer antd, app;/*! kept */',
      '.a{color:red}',
      '@media (min-width:600px){.b{margin:0}.c{padding:0}}',
      '.d{content:"}{"}',
      '@keyframes spin{to{transform:rotate(1turn)}}',
      '.e{top:0}',
    ]);
    expect(parts.join('')).toBe(css);
    expect(cssInParts(css, 70)).toEqual(['@layer antd, app;/*! kept */.a{color:red}', '@media (min-width:600px){.b{margin:0}.c{padding:0}}.d{content:"}{"}', '@keyframes spin{to{transform:rotate(1turn)}}.e{top:0}']);
  });

  it('keeps a sheet smaller than a part whole, and a rule larger than a part in a part of its own', () => {
    expect(cssInParts(css, 10_000)).toEqual([css]);
    const big = `.big{background:url("data:${'x'.repeat(100)}")}`;
    expect(cssInParts(`.a{top:0}${big}.b{top:0}`, 50)).toEqual(['.a{top:0}', big, '.b{top:0}']);
  });
});
