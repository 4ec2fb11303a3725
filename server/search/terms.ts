// How a search query becomes words: the same for the repositories' queries and the read cache's keys.

const MAX_TERMS = 8;

/** The words of a query, lowercased; punctuation and operators are dropped. */
export function searchTerms(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS);
}
