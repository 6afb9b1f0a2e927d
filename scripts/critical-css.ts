// What the first paint of a prerendered page needs of its CSS: the rules whose selectors may match its markup, the
// custom properties and keyframes those rules use, and the @font-face rules. The rest arrives in the page's full
// stylesheet once it has painted (scripts/prerender-page.ts). The font faces are here, not there: a face added after
// the first paint makes the browser lay out every text of the page again (about 100 ms of a phone's main thread on a
// form page), while here they cost a few hundred bytes and fetch nothing until a text in their unicode-range shows
// with no device font before them (Noto Sans Devanagari, 120 KB, for the footer's one word on a device without a
// Devanagari font); every font we serve swaps in when it arrives, so none holds the first paint. Our CSS is
// machine-written (antd's CSS-in-JS, Vite's minified output): flat rules inside at most @media/@supports/@layer,
// which this reads without a CSS library.

/** Class names, ids, tag names and attribute names found in a page's markup. */
export interface PageTokens {
  classes: ReadonlySet<string>;
  ids: ReadonlySet<string>;
  tags: ReadonlySet<string>;
  attributes: ReadonlySet<string>;
  /** Custom properties the markup's own style attributes read (`var(--x)`). */
  vars: ReadonlySet<string>;
}

export function pageTokens(html: string): PageTokens {
  const classes = new Set<string>();
  const ids = new Set<string>();
  const tags = new Set<string>();
  const attributes = new Set<string>();
  for (const [, tag = '', rest = ''] of html.matchAll(/<([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g)) {
    tags.add(tag.toLowerCase());
    for (const [, name = '', value = ''] of rest.matchAll(/([^\s=/"']+)(?:=(?:"([^"]*)"|'([^']*)'|[^\s>]+))?/g)) {
      attributes.add(name.toLowerCase());
      if (name === 'class') value.split(/\s+/).filter(Boolean).forEach((item) => classes.add(item));
      if (name === 'id' && value) ids.add(value);
    }
  }
  const vars = new Set([...html.matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1] ?? ''));
  return { classes, ids, tags, attributes, vars };
}

type Node = { kind: 'rule'; selectors: string[]; body: string } | { kind: 'at'; prelude: string; children: Node[] } | { kind: 'raw'; prelude: string; body: string };

/** The index just past the block that opens at `open` ('{'), skipping strings and comments. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const char = css[i];
    if (char === '"' || char === "'") i = css.indexOf(char, i + 1) < 0 ? css.length : css.indexOf(char, i + 1);
    else if (char === '/' && css[i + 1] === '*') i = css.indexOf('*/', i + 2) < 0 ? css.length : css.indexOf('*/', i + 2) + 1;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return i + 1;
  }
  return css.length;
}

/** Splits at top-level `separator`s: not inside (), [] or strings. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim()).filter(Boolean);
}

/** One top-level item of a sheet: a comment, a statement (`@charset`, `@import`, `@layer a, b;`) or a block. */
type Span = { kind: 'comment'; start: number; end: number } | { kind: 'statement'; start: number; end: number } | { kind: 'block'; start: number; open: number; end: number };

/** The sheet's top-level items, in order; text after the last of them that opens no block is left out. */
function* topLevel(css: string): Generator<Span> {
  let i = 0;
  while (i < css.length) {
    while (/\s/.test(css[i] ?? '')) i++;
    if (i >= css.length) return;
    if (css.startsWith('/*', i)) {
      const end = css.indexOf('*/', i + 2) < 0 ? css.length : css.indexOf('*/', i + 2) + 2;
      yield { kind: 'comment', start: i, end };
      i = end;
      continue;
    }
    const open = css.indexOf('{', i);
    const semicolon = css.indexOf(';', i);
    if (semicolon >= 0 && (open < 0 || semicolon < open)) {
      yield { kind: 'statement', start: i, end: semicolon + 1 };
      i = semicolon + 1;
      continue;
    }
    if (open < 0) return;
    const end = blockEnd(css, open);
    yield { kind: 'block', start: i, open, end };
    i = end;
  }
}

function parse(css: string): Node[] {
  const nodes: Node[] = [];
  for (const span of topLevel(css)) {
    if (span.kind === 'comment') continue;
    if (span.kind === 'statement') {
      const prelude = css.slice(span.start, span.end - 1).trim();
      if (prelude) nodes.push({ kind: 'raw', prelude, body: '' });
      continue;
    }
    const prelude = css.slice(span.start, span.open).trim();
    const body = css.slice(span.open + 1, span.end - 1);
    if (/^@(media|supports|layer|container)\b/.test(prelude)) nodes.push({ kind: 'at', prelude, children: parse(body) });
    else if (prelude.startsWith('@')) nodes.push({ kind: 'raw', prelude, body });
    else if (prelude) nodes.push({ kind: 'rule', selectors: splitTopLevel(prelude, ','), body });
  }
  return nodes;
}

function argumentAt(selector: string, at: number): { argument: string; end: number } {
  let depth = 1;
  for (let i = at; i < selector.length; i++) {
    if (selector[i] === '(') depth++;
    else if (selector[i] === ')' && --depth === 0) return { argument: selector.slice(at, i), end: i + 1 };
  }
  return { argument: selector.slice(at), end: selector.length };
}

/**
 * Whether the selector may match the markup: every class, id, tag and attribute it requires is there. Structure is
 * not checked (a superset: no rule the page uses is ever left out); pseudo-classes are states the page may take on,
 * so they require nothing; `:where()`/`:is()` require one of their alternatives; `:not()`/`:has()` nothing.
 */
export function mayMatch(selector: string, tokens: PageTokens): boolean {
  let rest = '';
  for (let i = 0; i < selector.length; ) {
    const pseudo = /^::?([\w-]+)(\()?/.exec(selector.slice(i));
    if (selector[i] === ':' && pseudo) {
      const [whole, name = '', paren] = pseudo;
      if (!paren) {
        rest += name === 'root' ? ' html ' : ' ';
        i += whole.length;
        continue;
      }
      const { argument, end } = argumentAt(selector, i + whole.length);
      if ((name === 'where' || name === 'is') && !splitTopLevel(argument, ',').some((alternative) => mayMatch(alternative, tokens))) return false;
      rest += ' ';
      i = end;
      continue;
    }
    if (selector[i] === '[') {
      const close = selector.indexOf(']', i);
      const name = /^\[\s*([\w:-]+)/.exec(selector.slice(i))?.[1]?.toLowerCase();
      if (name && !tokens.attributes.has(name)) return false;
      rest += ' ';
      i = close < 0 ? selector.length : close + 1;
      continue;
    }
    rest += selector[i];
    i++;
  }
  for (const [, kind, name = ''] of rest.matchAll(/([.#]?)(-?[_a-zA-Z][\w-]*)/g)) {
    if (kind === '.' && !tokens.classes.has(name)) return false;
    if (kind === '#' && !tokens.ids.has(name)) return false;
  }
  // A tag stands at the start of a compound: after a combinator or whitespace.
  for (const [, tag = ''] of rest.matchAll(/(?:^|[\s>+~])([a-zA-Z][\w-]*)/g)) if (!tokens.tags.has(tag.toLowerCase())) return false;
  return true;
}

const declarations = (body: string) => splitTopLevel(body, ';');
const propertyOf = (declaration: string) => declaration.slice(0, declaration.indexOf(':')).trim();
const valueOf = (declaration: string) => declaration.slice(declaration.indexOf(':') + 1);

/** Keeps the rules (and, within a rule, the selectors) that may match; `always` keeps a rule whatever its selector. */
function select(nodes: Node[], tokens: PageTokens, always: RegExp): Node[] {
  return nodes.flatMap((node): Node[] => {
    if (node.kind === 'raw') return [node];
    if (node.kind === 'at') {
      const children = select(node.children, tokens, always);
      return children.length > 0 ? [{ ...node, children }] : [];
    }
    const selectors = node.selectors.filter((selector) => always.test(selector) || mayMatch(selector, tokens));
    return selectors.length > 0 ? [{ ...node, selectors }] : [];
  });
}

function walkRules(nodes: Node[], visit: (node: Extract<Node, { kind: 'rule' }>) => void): void {
  for (const node of nodes) {
    if (node.kind === 'rule') visit(node);
    else if (node.kind === 'at') walkRules(node.children, visit);
  }
}

/** Custom properties some kept declaration (or the markup) reads, following properties that read others. */
function usedCustomProperties(nodes: Node[], tokens: PageTokens): Set<string> {
  const definitions = new Map<string, string[]>();
  const used = new Set(tokens.vars);
  walkRules(nodes, (rule) => {
    for (const declaration of declarations(rule.body)) {
      const property = propertyOf(declaration);
      const reads = [...valueOf(declaration).matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1] ?? '');
      if (property.startsWith('--')) definitions.set(property, [...(definitions.get(property) ?? []), ...reads]);
      else reads.forEach((name) => used.add(name));
    }
  });
  const queue = [...used];
  while (queue.length > 0) {
    for (const name of definitions.get(queue.pop() ?? '') ?? []) {
      if (!used.has(name)) {
        used.add(name);
        queue.push(name);
      }
    }
  }
  return used;
}

function serialize(nodes: Node[], keep: (node: Extract<Node, { kind: 'raw' }>) => boolean, used: Set<string>): string {
  return nodes
    .map((node) => {
      if (node.kind === 'raw') return keep(node) ? (node.body || node.prelude.startsWith('@font-face') || node.prelude.startsWith('@keyframes') ? `${node.prelude}{${node.body}}` : `${node.prelude};`) : '';
      if (node.kind === 'at') {
        const inner = serialize(node.children, keep, used);
        return inner ? `${node.prelude}{${inner}}` : '';
      }
      const body = declarations(node.body)
        .filter((declaration) => !propertyOf(declaration).startsWith('--') || used.has(propertyOf(declaration)))
        .join(';');
      return body ? `${node.selectors.join(',')}{${body}}` : '';
    })
    .join('');
}

/**
 * The rules of `css` the markup `html` may use at first paint, with the custom properties and @keyframes they need,
 * and every @font-face (see the top of this file). `always`: selectors kept whatever the markup (antd's record of the styles it rendered).
 */
export function criticalCss(css: string, html: string, always = /^\.data-ant-cssinjs-cache-path$/): string {
  const tokens = pageTokens(html);
  const kept = select(parse(css), tokens, always);
  const used = usedCustomProperties(kept, tokens);
  const values: string[] = [];
  walkRules(kept, (rule) => values.push(...declarations(rule.body).filter((d) => !propertyOf(d).startsWith('--') || used.has(propertyOf(d))).map(valueOf)));
  const text = values.join(' ');
  const keep = (node: Extract<Node, { kind: 'raw' }>): boolean => {
    const keyframes = /^@(?:-webkit-)?keyframes\s+(\S+)/.exec(node.prelude)?.[1];
    if (keyframes) return new RegExp(`(^|[\\s,])${keyframes.replace(/[^\w-]/g, '\\$&')}([\\s,;]|$)`).test(text);
    return true;
  };
  return serialize(kept, keep, used);
}

/** `css` without its top-level @font-face rules: the page's full stylesheet, whose faces the first paint has inlined. */
export function withoutFontFaces(css: string): string {
  let result = '';
  let at = 0;
  for (let start = css.indexOf('@font-face', at); start >= 0; start = css.indexOf('@font-face', at)) {
    const open = css.indexOf('{', start);
    if (open < 0) break;
    result += css.slice(at, start);
    at = blockEnd(css, open);
  }
  return result + css.slice(at);
}

/**
 * `css` cut at top-level rule boundaries into parts of about `maxBytes` each, in order: the page applies them one
 * after another (scripts/browser/page-boot.js), so no single task parses and restyles a whole 280 KB sheet on a
 * phone. A rule or block (an @media with its rules) is never cut; `@layer` and `@charset` statements stay first.
 */
export function cssInParts(css: string, maxBytes: number): string[] {
  const parts: string[] = [];
  let current = '';
  for (const { start, end } of topLevel(css)) {
    const item = css.slice(start, end);
    if (current && current.length + item.length > maxBytes) {
      parts.push(current);
      current = '';
    }
    current += item;
  }
  if (current) parts.push(current);
  return parts;
}
