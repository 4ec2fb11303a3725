// The comment improver that needs no network: retext checkers (repeated words, a/an, missing
// apostrophes) and a dictionary spelling pass, whose suggestions are applied to the draft, plus
// the plain-text rules in wording.ts. Loading the dictionary takes ~0.6 s, so the tools are
// built once, on first use.
import type { NSpell } from 'nspell';
import type { Processor } from 'unified';
import type { VFileMessage } from 'vfile-message';
import { spellingEdits } from './spelling.js';
import { calmDown, capitalise, finishSentence, fixConfusions, linkRanges, matchCase, normaliseSpacing } from './wording.js';

type Checker = Processor<any, any, any, any, any>;

interface Tools {
  checker: Checker;
  spell: NSpell;
}

let tools: Promise<Tools> | null = null;

/** Builds the checkers and the dictionary once; later calls share them. */
export function localTools(): Promise<Tools> {
  tools ??= (async () => {
    const [{ unified }, english, repeated, article, contractions, stringify, dictionary, nspell] = await Promise.all([
      import('unified'),
      import('retext-english'),
      import('retext-repeated-words'),
      import('retext-indefinite-article'),
      import('retext-contractions'),
      import('retext-stringify'),
      import('dictionary-en'), // ESM with top-level await: import, never require
      import('nspell'),
    ]);
    const checker = unified()
      .use(english.default)
      .use(repeated.default)
      .use(article.default)
      .use(contractions.default, { straight: true })
      .use(stringify.default) as unknown as Checker;
    return { checker, spell: nspell.default(dictionary.default) };
  })();
  return tools;
}

interface Edit {
  start: number;
  end: number;
  text: string;
  /** Higher wins when two edits overlap (an apostrophe beats a spelling guess). */
  rank: number;
}

const RANK: Record<string, number> = {
  'retext-contractions': 4,
  'retext-repeated-words': 3,
  'retext-indefinite-article': 2,
  spelling: 1,
};

function editsOf(messages: VFileMessage[], text: string, links: Array<[number, number]>): Edit[] {
  const edits: Edit[] = [];
  for (const message of messages) {
    const start = message.place && 'start' in message.place ? message.place.start.offset : undefined;
    const end = message.place && 'end' in message.place ? message.place.end.offset : undefined;
    const expected = message.expected ?? [];
    if (start === undefined || end === undefined || !message.actual || !expected.length) continue;
    if (links.some(([from, to]) => start < to && end > from)) continue;
    const source = message.source ?? '';
    const replacement = source === 'retext-repeated-words' ? expected[0]! : matchCase(message.actual, expected[0]!);
    if (replacement === message.actual) continue;
    edits.push({ start, end, text: replacement, rank: RANK[source] ?? 0 });
  }
  return edits;
}

/** Applies non-overlapping edits from the end so earlier offsets stay valid. */
function applyEdits(text: string, edits: Edit[]): string {
  const chosen: Edit[] = [];
  for (const edit of [...edits].sort((a, b) => b.rank - a.rank)) {
    if (!chosen.some((other) => edit.start < other.end && edit.end > other.start)) chosen.push(edit);
  }
  let result = text;
  for (const edit of chosen.sort((a, b) => b.start - a.start)) {
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  }
  return result;
}

const WORDS = /\p{L}[\p{L}'-]*/gu;

/**
 * Words trusted as spelled: every word of the video title, and the capitalised words (names,
 * products) of the recent comments, whose lowercase words may carry the same typos.
 */
function vocabularyOf(title: string, others: string[]): Set<string> {
  const names = others.flatMap((comment) => comment.match(WORDS) ?? []).filter((word) => /^\p{Lu}/u.test(word));
  return new Set([...(title.match(WORDS) ?? []), ...names].map((word) => word.toLowerCase()));
}

/** The improved draft: fixed spelling, wording, spacing, capitals and final punctuation. */
export async function improveLocally(draft: string, title = '', others: string[] = []): Promise<string> {
  const { checker, spell } = await localTools();
  const prepared = fixConfusions(calmDown(normaliseSpacing(draft)));
  const links = linkRanges(prepared);
  const file = await checker.process(prepared);
  const spelling = spellingEdits(spell, prepared, vocabularyOf(title, others), links).map((edit) => ({ ...edit, rank: RANK.spelling! }));
  const corrected = applyEdits(prepared, [...editsOf(file.messages, prepared, links), ...spelling]);
  // Apostrophes and a/an fixed above can expose new confusions ('its a' -> "it's a").
  return finishSentence(capitalise(normaliseSpacing(fixConfusions(corrected))));
}
