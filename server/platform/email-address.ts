/** Addresses are kept lower-case so the same inbox is one destination for caps and lookups. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
