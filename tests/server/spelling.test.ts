// The comment improver's spelling: suggestions ranked by typing slips (Damerau edits,
// keyboard neighbours, doubled and swapped letters) and word frequency; a word stays as typed
// when no suggestion is clearly right. Runs offline: dictionary-en and SUBTLEX counts ship as packages.
import { describe, expect, it } from 'vitest';
import { improveLocally, localTools } from '../../server/ai/localImprover.js';
import { spellingEdits } from '../../server/ai/spelling.js';
import { areNeighbours, clearWinner, englishFrequencies, rankSuggestions, typingCostFrom } from '../../server/ai/suggestions.js';

const typingCost = (typed: string, meant: string, limit = Infinity): number => typingCostFrom(typed)(meant, limit);

/** Common misspellings (lists of frequent English typos) and the word meant. */
const MISSPELLINGS: Array<[string, string]> = [
  ['accomodate', 'accommodate'], ['acommodate', 'accommodate'], ['acheive', 'achieve'], ['adress', 'address'],
  ['agressive', 'aggressive'], ['apparantly', 'apparently'], ['arguement', 'argument'], ['basicly', 'basically'],
  ['begining', 'beginning'], ['beleive', 'believe'], ['belive', 'believe'], ['buisness', 'business'],
  ['calender', 'calendar'], ['cemetary', 'cemetery'], ['comming', 'coming'], ['commited', 'committed'],
  ['completly', 'completely'], ['concious', 'conscious'], ['curiousity', 'curiosity'], ['definately', 'definitely'],
  ['dissapoint', 'disappoint'], ['embarass', 'embarrass'], ['enviroment', 'environment'], ['existance', 'existence'],
  ['experiance', 'experience'], ['familar', 'familiar'], ['finaly', 'finally'], ['foriegn', 'foreign'],
  ['freind', 'friend'], ['goverment', 'government'], ['gaurd', 'guard'], ['harrass', 'harass'], ['hieght', 'height'],
  ['immediatly', 'immediately'], ['independant', 'independent'], ['interupt', 'interrupt'], ['knowlege', 'knowledge'],
  ['liason', 'liaison'], ['libary', 'library'], ['lisence', 'license'], ['maintainance', 'maintenance'],
  ['neccessary', 'necessary'], ['noticable', 'noticeable'], ['occassion', 'occasion'], ['occured', 'occurred'],
  ['occurence', 'occurrence'], ['persistant', 'persistent'], ['peice', 'piece'], ['posession', 'possession'],
  ['prefered', 'preferred'], ['probaly', 'probably'], ['pronounciation', 'pronunciation'], ['publically', 'publicly'],
  ['realy', 'really'], ['recieve', 'receive'], ['recomend', 'recommend'], ['refered', 'referred'],
  ['relevent', 'relevant'], ['religous', 'religious'], ['remeber', 'remember'], ['resistence', 'resistance'],
  ['responsability', 'responsibility'], ['rythm', 'rhythm'], ['seperate', 'separate'], ['sieze', 'seize'],
  ['succesful', 'successful'], ['suprise', 'surprise'], ['tendancy', 'tendency'], ['threshhold', 'threshold'],
  ['tommorow', 'tomorrow'], ['truely', 'truly'], ['unfortunatly', 'unfortunately'], ['untill', 'until'],
  ['wierd', 'weird'], ['writting', 'writing'], ['vidoe', 'video'], ['thnk', 'think'], ['teh', 'the'],
  ['becuase', 'because'], ['awsome', 'awesome'], ['tutoral', 'tutorial'], ['amazng', 'amazing'], ['pleese', 'please'],
  ['thier', 'their'], ['helpfull', 'helpful'], ['beautifull', 'beautiful'], ['intresting', 'interesting'],
  ['watchng', 'watching'], ['problme', 'problem'], ['ahve', 'have'], ['somthing', 'something'],
  ['evrything', 'everything'], ['hte', 'the'], ['adn', 'and'], ['taht', 'that'], ['jsut', 'just'],
  ['explaination', 'explanation'], ['grammer', 'grammar'], ['wether', 'whether'], ['greatful', 'grateful'],
  ['guage', 'gauge'], ['mispell', 'misspell'], ['recieved', 'received'], ['wierdly', 'weirdly'], ['sucess', 'success'],
  ['diffrent', 'different'], ['actualy', 'actually'], ['usefull', 'useful'], ['verry', 'very'], ['frist', 'first'],
  ['whith', 'with'], ['becasue', 'because'], ['woudl', 'would'], ['coudl', 'could'],
  ['peolpe', 'people'], ['poeple', 'people'], ['thoguht', 'thought'], ['knwo', 'know'], ['tihs', 'this'],
  ['nad', 'and'],
];

/** No suggestion is clearly right (or the word is slang or noise): left as typed. */
const LEFT_ALONE = ['ther', 'ot', 'happend', 'blorf', 'zzyzx', 'qwekjrh', 'asdkjfhqwe', 'hw', 'dat', 'lik', 'grrr', 'hmmm'];

async function spellingOf(word: string): Promise<string> {
  const { spell } = await localTools();
  const [edit] = spellingEdits(spell, word, new Set(), []);
  return edit ? edit.text : word;
}

describe('spelling suggestions', () => {
  it('prices slips as a phone keyboard makes them', () => {
    expect(areNeighbours('h', 'j')).toBe(true);
    expect(areNeighbours('h', 'a')).toBe(false);
    // A neighbouring key is a cheaper slip than a far one, a swap cheaper than two substitutions.
    expect(typingCost('tjink', 'think')).toBeLessThan(typingCost('tpink', 'think'));
    expect(typingCost('vidoe', 'video')).toBeLessThan(typingCost('vidxx', 'video'));
    expect(typingCost('vidoe', 'video')).toBeLessThan(1);
    // Doubled letters, a silent final e and the h of 'wh' are cheap to miss.
    expect(typingCost('untill', 'until')).toBe(0.5);
    expect(typingCost('realy', 'really')).toBe(0.5);
    expect(typingCost('ther', 'there')).toBeLessThan(typingCost('ther', 'the'));
    expect(typingCost('thnk', 'think')).toBe(typingCost('thnk', 'thank'));
    expect(typingCost('abc', 'abcdefgh', 2)).toBe(Infinity);
  });

  it('ranks the common word first when the slips cost the same, and refuses a close call', async () => {
    const { spell } = await localTools();
    const isWord = (word: string) => spell.correct(word);
    const thnk = rankSuggestions('thnk', englishFrequencies(), isWord);
    expect(thnk.slice(0, 2).map((s) => s.word)).toEqual(['think', 'thank']);
    expect(thnk.find((s) => s.word === 'tank')!.score).toBeGreaterThan(thnk[0]!.score);
    expect(clearWinner('thnk', thnk)).toBe('think');
    // there (a silent e left off) or the (a key brushed after it)? Close: neither.
    const ther = rankSuggestions('ther', englishFrequencies(), isWord);
    expect(ther.slice(0, 2).map((s) => s.word)).toEqual(['there', 'the']);
    expect(clearWinner('ther', ther)).toBeNull();
  });

  it(`fixes ${MISSPELLINGS.length} common misspellings`, async () => {
    expect(MISSPELLINGS.length).toBeGreaterThanOrEqual(50);
    const wrong: string[] = [];
    for (const [typo, meant] of MISSPELLINGS) {
      const fixed = await spellingOf(typo);
      if (fixed !== meant) wrong.push(`${typo} -> ${fixed} (expected ${meant})`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the case of what was typed', async () => {
    expect(await spellingOf('Vidoe')).toBe('Video');
    expect(await spellingOf('Recieve')).toBe('Receive');
  });

  it('leaves a word alone when no suggestion is clearly right', async () => {
    for (const word of LEFT_ALONE) expect(await spellingOf(word)).toBe(word);
  });

  it('never makes the reported comment worse', async () => {
    expect(await improveLocally('i thnk this vidoe is realy good')).toBe('I think this video is really good.');
    expect(await improveLocally('ther is a problme with teh audio')).toBe('Ther is a problem with the audio.');
  });
});
