// Spelling fixes for the local comment improver, with nspell and dictionary-en (the engine and
// dictionary behind retext-spell) deciding what is a word, and suggestions.ts ranking the
// corrections (typing slips, keyboard neighbours, word frequency), so a word is changed only when
// one correction is clearly the likeliest. nspell's own suggest() is not used: it ranks 'tank'
// above 'think' for 'thnk' and takes up to 0.7 s for one gibberish word, synchronously. A time
// budget caps the work per comment beyond the first dozen unknown words.
import type { NSpell } from 'nspell';
import { clearWinner, englishFrequencies, rankSuggestions } from './suggestions.js';
import { matchCase } from './wording.js';

export interface SpellingEdit {
  start: number;
  end: number;
  text: string;
}

/** Chat spellings the ranking cannot tell apart from other words ('wich': with or which?). */
const KNOWN_TYPOS: Record<string, string> = {
  wich: 'which',
  wat: 'what',
  becuz: 'because',
  bcuz: 'because',
  hav: 'have',
  thnks: 'thanks',
};

/** Words people type on purpose that the dictionary does not know. */
const KNOWN_WORDS = new Set([
  'lol', 'lmao', 'rofl', 'omg', 'btw', 'tbh', 'imo', 'imho', 'idk', 'ngl', 'fyi', 'afaik', 'irl', 'ok', 'okay', 'yeah',
  'yep', 'nope', 'gonna', 'wanna', 'gotta', 'kinda', 'sorta', 'haha', 'hahaha', 'hehe', 'vlog', 'vlogs', 'vlogger',
  'youtube', 'youtuber', 'youtubers', 'tiktok', 'podcast', 'livestream', 'subreddit', 'emoji', 'emojis', 'meme', 'memes',
  'javascript', 'typescript', 'github', 'npm', 'async', 'frontend', 'backend', 'fullstack', 'devops', 'api', 'apis',
  'json', 'css', 'html', 'ui', 'ux', 'app', 'apps', 'vscode', 'linux', 'ios', 'iphone', 'wifi', 'covid', 'bro', 'dude',
  'vid', 'vids', 'pov', 'fps', 'dev', 'devs', 'repo', 'repos', 'config', 'login', 'signup', 'url', 'urls',
]);

const LETTERS = "esianrtolcdugmphbyfvkwzxjq'";
/** Unknown words always looked at, however busy the machine; more only within the time budget. */
const GUARANTEED_WORDS = 12;
const BUDGET_MS = 250;
const LONGEST_WORD = 16;

/** One letter transposed: the most common typo ('thier', 'becuase'). */
function transpositions(word: string): string[] {
  const result: string[] = [];
  for (let i = 0; i < word.length - 1; i++) result.push(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  return result;
}

/** Every string one deletion, insertion or substitution away, plus doubled or undoubled letters. */
function* nearby(word: string): Generator<string> {
  yield* transpositions(word);
  for (let i = 0; i <= word.length; i++) {
    const before = word.slice(0, i);
    if (i < word.length) yield before + word.slice(i + 1);
    for (const letter of LETTERS) {
      yield before + letter + word.slice(i);
      if (i < word.length) yield before + letter + word.slice(i + 1);
    }
  }
}

/** The correction to apply, or null to leave the word as typed. */
function correctionFor(spell: NSpell, word: string, vocabulary: Set<string>): string | null {
  const lower = word.toLowerCase();
  if (KNOWN_TYPOS[lower]) return matchCase(word, KNOWN_TYPOS[lower]);
  if (word.length > LONGEST_WORD || KNOWN_WORDS.has(lower) || vocabulary.has(lower)) return null;
  // Acronyms, camelCase and names typed in lowercase ('abc' for 'ABC') are left alone.
  if (word.length > 1 && (word === word.toUpperCase() || /\p{Lu}/u.test(word.slice(1)))) return null;
  if (spell.correct(word.toUpperCase()) || spell.correct(lower.charAt(0).toUpperCase() + lower.slice(1))) return null;
  // A letter typed three times is on purpose ('grrr', 'hmmm').
  if (/(\p{L})\1\1/u.test(lower)) return null;
  // Dictionary words one slip away join the common words near it (rare words are not in the counts).
  const ranked = rankSuggestions(lower, englishFrequencies(), (candidate) => spell.correct(candidate), nearby(lower));
  const best = clearWinner(lower, ranked);
  return best ? matchCase(word, best) : null;
}

const WORD = /\p{L}+(?:['’]\p{L}+)*/gu;

/**
 * Corrections for the misspelled words of `text`, outside the `skip` ranges (links), trusting
 * the words in `vocabulary` (title and names). Stops suggesting when the time budget is spent.
 */
export function spellingEdits(spell: NSpell, text: string, vocabulary: Set<string>, skip: Array<[number, number]>): SpellingEdit[] {
  const edits: SpellingEdit[] = [];
  const deadline = performance.now() + BUDGET_MS;
  let considered = 0;
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    const start = match.index;
    const end = start + word.length;
    if (skip.some(([from, to]) => start < to && end > from)) continue;
    // Parts of handles, file names and codes ('@name', 'Vue.js', 'a_b', 'v2') are not words.
    if (/[@#/\\_.\d-]/.test(text[start - 1] ?? '') || /^(?:[\d_@/\\]|\.\p{L})/u.test(text.slice(end, end + 2))) continue;
    if (spell.correct(word) || spell.correct(word.replace(/’/g, "'"))) continue;
    // A capital inside a sentence marks a name ('Ahmed', 'Figma'), not a typo.
    if (/^\p{Lu}/u.test(word) && !/(^|[.!?\n])\s*["'(]?$/.test(text.slice(Math.max(0, start - 4), start))) continue;
    if (considered++ >= GUARANTEED_WORDS && performance.now() > deadline) break;
    const fix = correctionFor(spell, word, vocabulary);
    if (fix && fix !== word) edits.push({ start, end, text: fix });
  }
  return edits;
}
