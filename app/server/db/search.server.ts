/**
 * A LIKE/ILIKE pattern that finds `term` as a substring, with LIKE's wildcards escaped, so a
 * search for "50%_off" means that text and never "anything".
 */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A search term from a query string: trimmed, bounded, and null when empty. */
export function searchTerm(value: string | null | undefined, maxLength = 200): string | null {
  const term = value?.trim().slice(0, maxLength);
  return term ? term : null;
}
