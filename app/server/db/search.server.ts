/**
 * A LIKE/ILIKE pattern that finds `term` as a substring, with LIKE's wildcards escaped, so a
 * search for "50%_off" means that text and never "anything".
 */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Shared with the browser, which reads the lists' search from the URL the same way. */
export { searchTerm } from "#app/lib/admin-list-queries.ts";
