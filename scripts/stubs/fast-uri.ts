/**
 * Stands in for fast-uri where @rjsf/utils imports it (findSchemaDefinition: `$ref`s made absolute against the
 * schema's `$id`, and `$id`s compared), with what those two calls need: RFC 3986 reference resolution (section 5.2)
 * and comparison after its syntax-based normalisation (section 6.2.2: case, percent-encoding, dot segments). fast-uri
 * adds parsers for IP addresses and per-scheme rules (default ports, URNs, UUIDs): ~9 KB gzip on every form route for
 * schemas that reach the browser with their `$ref`s already resolved (scripts/vite-step-validators.ts).
 */

interface Parts {
  scheme?: string;
  authority?: string;
  path: string;
  query?: string;
  fragment?: string;
}

// RFC 3986 appendix B.
const reference = /^(?:([^:/?#]+):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/;

function parse(uri: string): Parts {
  const [, scheme, authority, path = '', query, fragment] = reference.exec(uri) ?? [];
  return { scheme, authority, path, query, fragment };
}

function serialize({ scheme, authority, path, query, fragment }: Parts): string {
  return `${scheme === undefined ? '' : `${scheme}:`}${authority === undefined ? '' : `//${authority}`}${path}${query === undefined ? '' : `?${query}`}${fragment === undefined ? '' : `#${fragment}`}`;
}

/** RFC 3986 section 5.2.4. */
function removeDotSegments(path: string): string {
  let input = path;
  const output: string[] = [];
  while (input.length > 0) {
    if (input.startsWith('../')) input = input.slice(3);
    else if (input.startsWith('./')) input = input.slice(2);
    else if (input.startsWith('/./')) input = input.slice(2);
    else if (input === '/.') input = '/';
    else if (input.startsWith('/../')) {
      input = input.slice(3);
      output.pop();
    } else if (input === '/..') {
      input = '/';
      output.pop();
    } else if (input === '.' || input === '..') input = '';
    else {
      const end = input.indexOf('/', input.startsWith('/') ? 1 : 0);
      const segment = end === -1 ? input : input.slice(0, end);
      output.push(segment);
      input = input.slice(segment.length);
    }
  }
  return output.join('');
}

/**
 * Dot segments of a relative path (a base that is itself a relative reference, as a schema's `$id` often is): a
 * `..` with nothing left to climb stays, as fast-uri keeps it, so 'a.json' and '../b.json' give '../b.json'.
 */
function removeRelativeDotSegments(path: string): string {
  if (path === '' || path.startsWith('/')) return removeDotSegments(path);
  const segments = path.split('/');
  const output: string[] = [];
  let directory = false;
  segments.forEach((segment, index) => {
    directory = (segment === '.' || segment === '..') && index === segments.length - 1;
    if (segment === '.') return;
    if (segment !== '..') output.push(segment);
    else if (output.length > 0 && output[output.length - 1] !== '..') output.pop();
    else output.push('..');
  });
  if (directory && output[output.length - 1] !== '..') output.push('');
  // A first segment that is empty or holds ':' would read as an authority or a scheme (RFC 3986 section 4.2).
  if (output.length === 0 || output[0] === '' || output[0]?.includes(':')) output.unshift('.');
  return output.join('/');
}

/** RFC 3986 section 5.2.3. */
function merge(base: Parts, path: string): string {
  if (base.authority !== undefined && base.path === '') return `/${path}`;
  return `${base.path.slice(0, base.path.lastIndexOf('/') + 1)}${path}`;
}

/** `ref` resolved against `base` (RFC 3986 section 5.2.2). */
export function resolve(base: string, ref: string): string {
  const b = parse(base);
  const r = parse(ref);
  if (r.scheme !== undefined) return serialize({ ...r, path: removeDotSegments(r.path) });
  if (r.authority !== undefined) return serialize({ ...r, scheme: b.scheme, path: removeDotSegments(r.path) });
  if (r.path === '') return serialize({ ...b, query: r.query ?? b.query, fragment: r.fragment });
  const merged = r.path.startsWith('/') ? r.path : merge(b, r.path);
  const path = b.scheme === undefined && b.authority === undefined ? removeRelativeDotSegments(merged) : removeDotSegments(merged);
  return serialize({ scheme: b.scheme, authority: b.authority, path, query: r.query, fragment: r.fragment });
}

const unreserved = /[A-Za-z0-9\-._~]/;

/** Percent-encodings in upper case, and those of unreserved characters decoded (RFC 3986 section 6.2.2). */
function normalisePercent(text: string): string {
  return text.replace(/%([0-9A-Fa-f]{2})/g, (encoded, hex: string) => {
    const character = String.fromCharCode(parseInt(hex, 16));
    return unreserved.test(character) ? character : encoded.toUpperCase();
  });
}

function normalise(uri: string): string {
  const parts = parse(uri);
  const scheme = parts.scheme?.toLowerCase();
  const at = parts.authority?.lastIndexOf('@') ?? -1;
  const authority = parts.authority === undefined ? undefined : `${parts.authority.slice(0, at + 1)}${parts.authority.slice(at + 1).toLowerCase()}`;
  const path = removeDotSegments(normalisePercent(parts.path));
  return serialize({
    scheme,
    authority: authority === undefined ? undefined : normalisePercent(authority),
    path,
    query: parts.query === undefined ? undefined : normalisePercent(parts.query),
    fragment: parts.fragment === undefined ? undefined : normalisePercent(parts.fragment),
  });
}

/** Whether two URIs name the same resource once normalised (RFC 3986 section 6.2.2). */
export function equal(a: string, b: string): boolean {
  return normalise(a) === normalise(b);
}

const UriResolver = { resolve, equal };
export default UriResolver;
