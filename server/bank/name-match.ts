/** Titles banks and registries put before a name; they say nothing about who holds the account. */
const titles = new Set(['MR', 'MRS', 'MS', 'MISS', 'SHRI', 'SRI', 'SMT', 'KUMARI', 'KUM', 'DR', 'M/S']);

/** Upper-case name parts, letters only, titles dropped: 'Dr. Sneha  Sharma' → ['SNEHA', 'SHARMA']. */
export function nameParts(name: string): string[] {
  return name
    .toUpperCase()
    .replace(/[^A-Z]+/g, ' ')
    .split(' ')
    .filter((part) => part !== '' && !titles.has(part));
}

function sameOrInitial(a: string, b: string): boolean {
  return a === b || (a.length === 1 && b.startsWith(a)) || (b.length === 1 && a.startsWith(b));
}

/**
 * Whether a bank's account-holder name is the PAN name, as bank verification services score it:
 * order does not matter, an initial stands for a name ('R SHARMA' for 'RAVI SHARMA'), and the shorter
 * name may leave out parts of the longer (a middle name) as long as it keeps two of them, one spelled
 * out. A single-part name must equal the other side's single part.
 */
export function namesMatch(registered: string, expected: string): boolean {
  const a = nameParts(registered);
  const b = nameParts(expected);
  if (a.length === 0 || b.length === 0) return false;
  if (a.join('') === b.join('')) return true;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  if (shorter.length === 1) return longer.length === 1 && shorter[0] === longer[0];
  const unused = [...longer];
  let spelledOut = 0;
  // Whole parts first, so an initial cannot take the part a whole name needs.
  const ordered = [...shorter].sort((x, y) => y.length - x.length);
  for (const part of ordered) {
    const index = unused.findIndex((candidate) => (part.length > 1 && candidate.length > 1 ? candidate === part : sameOrInitial(part, candidate)));
    if (index === -1) return false;
    if (part.length > 1 && (unused[index]?.length ?? 0) > 1) spelledOut += 1;
    unused.splice(index, 1);
  }
  return spelledOut >= 1;
}
