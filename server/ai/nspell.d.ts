// nspell ships no types; the part of its API the comment improver uses.
declare module 'nspell' {
  export interface NSpell {
    correct(word: string): boolean;
    suggest(word: string): string[];
  }
  export default function nspell(dictionary: { aff: Uint8Array | string; dic?: Uint8Array | string }): NSpell;
}
