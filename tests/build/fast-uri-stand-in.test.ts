import fastUri from 'fast-uri';
import { describe, expect, it } from 'vitest';
import { equal, resolve } from '../../scripts/stubs/fast-uri';

// RFC 3986 section 5.4: every normal and abnormal example, against its base.
const rfcBase = 'http://a/b/c/d;p?q';
const rfcExamples: [string, string][] = [
  ['g', 'http://a/b/c/g'], ['./g', 'http://a/b/c/g'], ['g/', 'http://a/b/c/g/'], ['/g', 'http://a/g'], ['//g', 'http://g'],
  ['?y', 'http://a/b/c/d;p?y'], ['g?y', 'http://a/b/c/g?y'], ['#s', 'http://a/b/c/d;p?q#s'], ['g#s', 'http://a/b/c/g#s'],
  ['g?y#s', 'http://a/b/c/g?y#s'], [';x', 'http://a/b/c/;x'], ['g;x', 'http://a/b/c/g;x'], ['g;x?y#s', 'http://a/b/c/g;x?y#s'],
  ['', 'http://a/b/c/d;p?q'], ['.', 'http://a/b/c/'], ['./', 'http://a/b/c/'], ['..', 'http://a/b/'], ['../', 'http://a/b/'],
  ['../g', 'http://a/b/g'], ['../..', 'http://a/'], ['../../', 'http://a/'], ['../../g', 'http://a/g'], ['g:h', 'g:h'],
  ['../../../g', 'http://a/g'], ['../../../../g', 'http://a/g'], ['/./g', 'http://a/g'], ['/../g', 'http://a/g'],
  ['g.', 'http://a/b/c/g.'], ['.g', 'http://a/b/c/.g'], ['g..', 'http://a/b/c/g..'], ['..g', 'http://a/b/c/..g'],
  ['./../g', 'http://a/b/g'], ['./g/.', 'http://a/b/c/g/'], ['g/./h', 'http://a/b/c/g/h'], ['g/../h', 'http://a/b/c/h'],
  ['g;x=1/./y', 'http://a/b/c/g;x=1/y'], ['g;x=1/../y', 'http://a/b/c/y'], ['g?y/./x', 'http://a/b/c/g?y/./x'],
  ['g?y/../x', 'http://a/b/c/g?y/../x'], ['g#s/./x', 'http://a/b/c/g#s/./x'], ['g#s/../x', 'http://a/b/c/g#s/../x'],
];

// What rjsf hands it: a schema's $id (often relative, or '#' when it has none) and its $refs.
const schemaPairs: [string, string][] = [
  ['nominee', '#/definitions/pincode'], ['#', '#/definitions/pincode'], ['nominee#', '#/x'], ['', '#/x'],
  ['nominee', 'common.schema.json#/definitions/pan'], ['income-proof.schema.json', '../lists/countries.json'],
  ['schemas/step-data/a.json', './declaration.schema.json#/properties/x'], ['a/x.json', '../../y.json'],
  ['https://example.com/schemas/a.json', 'b.json#/x'], ['https://example.com/a/', '../b.json'], ['urn:example:a', '#/x'],
  ['x.json', './'], ['x/y.json', '..'], ['a', 'b:c'], ['a/b', './c:d'], ['a?q', ''], ['a?q', '#f'], ['/a/b', '../../../c'],
];

const equalPairs: [string, string][] = [
  ['nominee', 'nominee'], ['nominee', 'pan'], ['HTTP://A/b', 'http://a/b'], ['http://a/%7Euser', 'http://a/~user'],
  ['http://a/%3a', 'http://a/%3A'], ['a#', 'a'], ['http://a/b/../c', 'http://a/c'], ['https://x/y', 'https://x/y/'],
  ['http://example.com/a.json', 'http://example.com/a.json#'],
];

describe("the browser build's fast-uri (what rjsf's findSchemaDefinition calls)", () => {
  it('resolves every example of RFC 3986 section 5.4 as the RFC gives it', () => {
    expect(rfcExamples.map(([ref]) => [ref, resolve(rfcBase, ref)])).toEqual(rfcExamples);
  });

  it('resolves as fast-uri does, schema references and the RFC examples alike', () => {
    const pairs = [...schemaPairs, ...rfcExamples.filter(([ref]) => ref !== 'g:h').map(([ref]): [string, string] => [rfcBase, ref])];
    expect(pairs.map(([base, ref]) => resolve(base, ref))).toEqual(pairs.map(([base, ref]) => fastUri.resolve(base, ref)));
  });

  it('compares as fast-uri does: case, percent-encoding and dot segments normalised, a trailing slash or fragment kept apart', () => {
    expect(equalPairs.map(([a, b]) => equal(a, b))).toEqual(equalPairs.map(([a, b]) => fastUri.equal(a, b)));
    expect(equal('HTTP://A/b', 'http://a/b')).toBe(true);
    expect(equal('nominee', 'pan')).toBe(false);
  });
});
