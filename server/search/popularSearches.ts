// Popular searches without a record of what people search for: the words that carry the most
// viewed videos of lately. Each suggestion is a word of a listed video's title, so running it finds
// at least that video. Words come round-robin from the titles, most viewed first (one title alone
// does not fill the list), each title's best word first: the one behind the most views, else the
// earliest (titles name their subject first); the list is then ordered by the views behind each.

/** Words that find everything or nothing useful on their own. */
const STOP_WORDS = new Set(
  (
    'about after again all and any are because been before being but can could did does doing down during each few for from further had has have ' +
    'her here hers him his how into its just more most not now off once only other our ours out over own same she should some such than that the their ' +
    'theirs them then there these they this those through too under until very was were what when where which while who whom why will with you your ' +
    'yours best episode first how new part top video videos vlog'
  ).split(' '),
);
const MIN_LETTERS = 3;

export interface ViewedTitle {
  title: string;
  views: number;
}

/** The title's words worth searching for, lowercased, each once, in title order, with the form the title writes them in. */
function significantWords(title: string): Map<string, string> {
  const words = new Map<string, string>();
  for (const written of title.match(/[\p{L}\p{N}]+/gu) ?? []) {
    const word = written.toLowerCase();
    if (word.length < MIN_LETTERS || /^\p{N}+$/u.test(word) || STOP_WORDS.has(word) || words.has(word)) continue;
    words.set(word, written);
  }
  return words;
}

/** Up to `count` searches from titles ordered most viewed first. */
export function popularSearches(titles: readonly ViewedTitle[], count: number): string[] {
  const words = new Map<string, { written: string; views: number; titles: number }>();
  const perTitle = titles.map(({ title, views }) => {
    const found = significantWords(title);
    for (const [word, written] of found) {
      const entry = words.get(word) ?? { written, views: 0, titles: 0 };
      // A title with no views yet still counts, below any viewed one.
      entry.views += views + 1;
      entry.titles += 1;
      words.set(word, entry);
    }
    return [...found.keys()];
  });
  const weight = (word: string) => words.get(word)!;
  // Array.prototype.sort is stable: equal words keep title order.
  const better = (a: string, b: string) => weight(b).views - weight(a).views || weight(b).titles - weight(a).titles;
  for (const list of perTitle) list.sort(better);
  const chosen = new Set<string>();
  for (let round = 0; chosen.size < count && perTitle.some((list) => list.length > round); round += 1) {
    for (const list of perTitle) {
      const word = list[round];
      if (word !== undefined && chosen.size < count) chosen.add(word);
    }
  }
  return [...chosen].sort(better).map((word) => weight(word).written);
}
