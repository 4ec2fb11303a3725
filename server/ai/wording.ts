// Plain-text rules of the local comment improver that the retext checkers do not cover:
// real-word confusions (spelled right, used wrong), chat shorthand, spacing, capitals and
// the final full stop. Pure functions, so each rule is easy to test and to extend.

/** Keeps the capital of the word being replaced: 'Grate video' -> 'Great video'. */
export function matchCase(original: string, replacement: string): string {
  const first = original.charAt(0);
  if (first && first !== first.toLowerCase()) return replacement.charAt(0).toUpperCase() + replacement.slice(1);
  return replacement;
}

const NOUNS_AFTER_GREAT = 'video|videos|vid|vids|job|work|content|tutorial|explanation|idea|stuff|channel|editing|music|song|point|question|advice|series|episode|tips?';

/** [pattern, replacement]: each pattern is whole-word and case-insensitive. */
const CONFUSIONS: Array<[RegExp, string]> = [
  [new RegExp(`\\bgrate (${NOUNS_AFTER_GREAT})\\b`, 'gi'), 'great $1'],
  [/\b(such a|so|really|very|a) grate\b/gi, '$1 great'],
  [/\btheir (is|are|was|were|will be|has been|have been)\b/gi, 'there $1'],
  [/\bthere (own|channel|videos?|content|team|fans|work)\b/gi, 'their $1'],
  [/\bthey're (own|channel|videos?|content|team)\b/gi, 'their $1'],
  [/\byour (welcome|right|wrong|the best|so good|amazing at|awesome at)\b/gi, "you're $1"],
  [/\b(should|could|would|must|might|may) of\b/gi, '$1 have'],
  [/\balot\b/gi, 'a lot'],
  [/\bloose (my|your|his|her|our|their|the|it|weight|interest|track|hope)\b/gi, 'lose $1'],
  [/\b(to|will|won't|gonna|not|never|don't|dont|can't|cant) loose\b/gi, '$1 lose'],
  [/\bits (a|an|the|so|very|really|not|been|just|going|gonna|like|always|never|too|getting|great|amazing|awesome|good|bad)\b/gi, "it's $1"],
  [/\b(better|more|less|rather|other|greater|worse|faster|slower|easier|harder) then\b/gi, '$1 than'],
  [/\bto (much|many)\b/gi, 'too $1'],
  [/\bway to (long|short|fast|slow|much|many|loud|quiet)\b/gi, 'way too $1'],
  [/\bcould care less\b/gi, "couldn't care less"],
  [/\bwho's (video|channel|idea)\b/gi, 'whose $1'],
  [/\bdefiantly\b/gi, 'definitely'],
];

/** Chat shorthand and apostrophe-less contractions that the dictionary accepts as words. */
const SHORTHAND: Record<string, string> = {
  u: 'you',
  ur: 'your',
  pls: 'please',
  plz: 'please',
  thx: 'thanks',
  thanx: 'thanks',
  im: "I'm",
  ive: "I've",
  cant: "can't",
  wont: "won't",
  didnt: "didn't",
  dont: "don't",
  doesnt: "doesn't",
  isnt: "isn't",
  wasnt: "wasn't",
  arent: "aren't",
  youre: "you're",
  thats: "that's",
};

const LINK = /(?:https?:\/\/|www\.)\S+/gi;

/** Applies `fix` to the text between links, so that no rule ever bends a URL. */
function outsideLinks(text: string, fix: (part: string) => string): string {
  let result = '';
  let last = 0;
  for (const link of text.matchAll(LINK)) {
    result += fix(text.slice(last, link.index)) + link[0];
    last = link.index + link[0].length;
  }
  return result + fix(text.slice(last));
}

/** The [start, end) offsets of the links in a text. */
export function linkRanges(text: string): Array<[number, number]> {
  return [...text.matchAll(LINK)].map((link) => [link.index, link.index + link[0].length]);
}

export function fixConfusions(text: string): string {
  return outsideLinks(text, fixConfusionsInPlainText);
}

function fixConfusionsInPlainText(text: string): string {
  let result = text;
  for (const [pattern, replacement] of CONFUSIONS) {
    result = result.replace(pattern, (...match: string[]) => {
      const groups = match.slice(1, -2);
      const expanded = replacement.replace(/\$(\d)/g, (_all, index: string) => groups[Number(index) - 1] ?? '');
      return matchCase(match[0]!, expanded);
    });
  }
  // Not inside handles or paths such as 'u/name' or '@im'.
  return result.replace(/(?<![\w/@#'.-])[A-Za-z]+(?![\w/'-]|\.\w)/g, (word) => {
    const fixed = SHORTHAND[word.toLowerCase()];
    // 'IM' or 'U' in capitals is more likely an abbreviation or a name.
    if (!fixed || word === word.toUpperCase()) return word;
    return fixed.startsWith('I') ? fixed : matchCase(word, fixed);
  });
}

/** Emphasis such as 'sooo' or 'coooool' back to a spellable word, and '!!!' to '!'. */
export function calmDown(text: string): string {
  return outsideLinks(text, (part) => part.replace(/(\p{L})\1{2,}/gu, '$1$1').replace(/([!?])\1+/g, '$1').replace(/,{2,}/g, ','));
}

/** One space between words, none before punctuation, one after commas and marks; paragraphs kept. */
export function normaliseSpacing(text: string): string {
  const marksSpaced = outsideLinks(text.replace(/[ \t\u00a0]+/g, ' '), (part) =>
    part
      .replace(/ +([,.!?;:])(?=\s|$)/g, '$1')
      .replace(/([,;])(?=\p{L})/gu, '$1 ')
      .replace(/(\p{L}[!?])(?=\p{L})/gu, '$1 '),
  );
  return marksSpaced
    .split(/\r?\n/)
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Capital at the start of each sentence and paragraph, and 'i' as a word is 'I'. */
export function capitalise(text: string): string {
  const withI = outsideLinks(text, (part) => part.replace(/\bi\b(?!\.\w)/g, 'I'));
  return withI.replace(/(^|[.!?]\s+|\n\s*)(["'(]?)(\p{Ll})/gu, (all, before: string, quote: string, letter: string, offset: number) => {
    // 'e.g. this' is not a sentence end, and an ellipsis continues the sentence.
    const preceding = withI.slice(Math.max(0, offset - 4), offset + 1);
    if (/(\.\.|\be\.g|\bi\.e|\betc)\.?$/i.test(preceding) && before.trim() === '.') return all;
    return before + quote + letter.toUpperCase();
  });
}

/** A full stop when the comment ends in a word; emoji, smileys, links and marks are left alone. */
export function finishSentence(text: string): string {
  if (!text) return text;
  const lastWord = text.split(/\s+/).pop() ?? '';
  if (/^(https?:\/\/|www\.)/i.test(lastWord) || lastWord.startsWith('#') || lastWord.startsWith('@')) return text;
  return /[\p{L}\p{N}"')\]]$/u.test(text) && !/[:;][-']?[)(DPp]$/.test(text) ? `${text}.` : text;
}
