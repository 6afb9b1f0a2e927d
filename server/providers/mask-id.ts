/** 'KID2401021200ABCDEF' → 'KID*************DEF': provider request and consent ids in logs and error messages. */
export function maskId(id: string): string {
  if (id.length <= 6) return '*'.repeat(id.length);
  return `${id.slice(0, 3)}${'*'.repeat(id.length - 6)}${id.slice(-3)}`;
}
