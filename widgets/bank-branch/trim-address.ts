/**
 * A branch address as the confirm dialog shows it (spec: trimmed to 34 characters): whole words only, and an
 * ellipsis when something was cut, the ellipsis counting towards the limit.
 */
export function trimAddress(address: string, limit: number): string {
  const text = address.replace(/\s+/g, ' ').trim();
  if (text.length <= limit) return text;
  const room = text.slice(0, limit - 1);
  const lastSpace = room.lastIndexOf(' ');
  // One word longer than the limit is cut inside it rather than shown as nothing.
  const kept = lastSpace > 0 ? room.slice(0, lastSpace) : room;
  return `${kept.replace(/[\s,.;:-]+$/, '')}…`;
}
