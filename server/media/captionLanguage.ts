// The language of a caption track: a BCP 47 tag, compared without case (en and EN are one
// language), so it is stored in its canonical form (en, pt-BR, zh-Hant-TW).
import { CAPTION_LANGUAGE_PATTERN, CAPTION_LIMITS } from '../../contract/limits.js';

/** The canonical form of a caption language tag, or null when it is not a valid tag within the limits. */
export function canonicalCaptionLanguage(tag: string): string | null {
  if (!CAPTION_LANGUAGE_PATTERN.test(tag) || tag.length > CAPTION_LIMITS.languageMax) return null;
  let canonical: string;
  try {
    [canonical = ''] = Intl.getCanonicalLocales(tag);
  } catch {
    return null; // RangeError: shaped like a tag but not one (en-12, de-1996-1996)
  }
  // Canonical forms can grow (en-US-POSIX is en-US-u-va-posix).
  return canonical && canonical.length <= CAPTION_LIMITS.languageMax ? canonical : null;
}
