/**
 * A branch's address as people read it. The branch data writes some banks' address lines run together
 * ('…INDUSTRIAL LAYOUTKORAMANGLABANGALOREKARNATAKA560095'): the PIN, and the branch's own city, district and state
 * where they are glued to the word before them, are set apart by commas, and a comma gets its space after it.
 */
export function readableAddress(branch: { address: string; city: string; district: string; state: string }): string {
  let text = branch.address.replace(/\s+/g, ' ').trim();
  text = text.replace(/,(?=\S)/g, ', ');
  // The PIN at the end, glued to a letter.
  text = text.replace(/([A-Za-z.])(\d{6})$/, '$1, $2');
  for (const place of [branch.state, branch.city, branch.district]) {
    const name = place.trim();
    if (name.length < 3) continue;
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // The place glued to the letters before it, followed by a separator, the PIN or the end.
    text = text.replace(new RegExp(`([A-Za-z])(${escaped})(?=,|\\s|\\d|$)`, 'gi'), '$1, $2');
  }
  return text.replace(/\s+,/g, ',').replace(/,\s*,/g, ',');
}
