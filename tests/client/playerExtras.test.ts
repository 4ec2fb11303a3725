// The pure player rules: where a visit resumes, the up-next countdown, the remembered
// captions and autoplay choices, the captions' text and size, the speeds, and the history card's
// watched share.
import { describe, expect, it } from 'vitest';
import { watchedShare } from '../../src/features/library/WatchHistoryTab';
import { captionFontSize, cuePlainText, readCaptionSize, storeCaptionSize } from '../../src/features/player/captions';
import { CAPTIONS_OFF, PLAYBACK_SPEEDS, shownCaptions, speedLabel } from '../../src/features/player/PlaybackMenus';
import { autoplayStored } from '../../src/features/watch/autoplay';
import { secondsLeft } from '../../src/features/watch/UpNextCard';
import { resumeFrom } from '../../src/features/watch/watchPosition';
import { PLAYER_KEYS } from '../../src/lib/storage';

describe('resume', () => {
  it('starts at the saved position, from 0 without one or once finished', () => {
    expect(resumeFrom(42.5, 120)).toBe(42.5);
    expect(resumeFrom(undefined, 120)).toBe(0);
    expect(resumeFrom(null, 120)).toBe(0);
    expect(resumeFrom(0.4, 120)).toBe(0);
    expect(resumeFrom(118, 120)).toBe(0);
    expect(resumeFrom(116, 120)).toBe(116);
    // Unknown duration: trust the position.
    expect(resumeFrom(30, 0)).toBe(30);
  });
});

describe('up next', () => {
  it("counts the spec's 2 s down in whole seconds", () => {
    const endsAt = 10_000;
    expect(secondsLeft(endsAt, 8_000)).toBe(2);
    expect(secondsLeft(endsAt, 8_001)).toBe(2);
    expect(secondsLeft(endsAt, 9_000)).toBe(1);
    expect(secondsLeft(endsAt, 9_999)).toBe(1);
    expect(secondsLeft(endsAt, 10_000)).toBe(0);
    expect(secondsLeft(endsAt, 12_000)).toBe(0);
  });

  it('keeps autoplay on unless this user turned it off', () => {
    expect(autoplayStored(null)).toBe(true);
    expect(autoplayStored('true')).toBe(true);
    expect(autoplayStored('false')).toBe(false);
    expect(PLAYER_KEYS.autoplay('u1')).not.toBe(PLAYER_KEYS.autoplay('u2'));
    expect(PLAYER_KEYS.autoplay(null)).toBe(PLAYER_KEYS.autoplay(undefined));
  });
});

describe('captions and speed', () => {
  const tracks = [
    { language: 'en', label: 'English' },
    { language: 'pt-BR', label: 'Português' },
  ];
  it('shows the remembered language when the video has it, else Off', () => {
    expect(shownCaptions(tracks, 'pt-BR')).toBe('pt-BR');
    expect(shownCaptions(tracks, 'fr')).toBe(CAPTIONS_OFF);
    expect(shownCaptions(tracks, null)).toBe(CAPTIONS_OFF);
    expect(shownCaptions([], 'en')).toBe(CAPTIONS_OFF);
  });

  it('draws a cue as plain text: tags dropped, entities decoded, lines kept', () => {
    expect(cuePlainText('<v Ada>Hello <i>there</i></v>\n<c.loud>R&amp;D &lt;3</c>')).toBe('Hello there\nR&D <3');
  });

  it('sizes captions from the player width, 15 px at least at Medium, and keeps the size on the device', () => {
    expect(captionFontSize(390, 'medium')).toBe(15);
    expect(captionFontSize(1000, 'medium')).toBe(26);
    expect(captionFontSize(3000, 'medium')).toBe(36);
    expect(captionFontSize(390, 'x-large')).toBe(22.5);
    expect(captionFontSize(390, 'small')).toBe(12);
    localStorage.removeItem(PLAYER_KEYS.captionSize);
    expect(readCaptionSize()).toBe('medium');
    storeCaptionSize('large');
    expect(readCaptionSize()).toBe('large');
    localStorage.setItem(PLAYER_KEYS.captionSize, 'huge');
    expect(readCaptionSize()).toBe('medium');
  });

  it('offers 0.25x to 2x, 1x as Normal', () => {
    expect(PLAYBACK_SPEEDS[0]).toBe(0.25);
    expect(PLAYBACK_SPEEDS.at(-1)).toBe(2);
    expect(PLAYBACK_SPEEDS).toContain(1);
    expect(speedLabel(1)).toBe('Normal');
    expect(speedLabel(1.5)).toBe('1.5x');
  });
});

describe('history card', () => {
  it('draws the watched share of the duration', () => {
    expect(watchedShare({ duration: 200, position: 50 })).toBe(0.25);
    expect(watchedShare({ duration: 200, position: 260 })).toBe(1);
    expect(watchedShare({ duration: 200 })).toBeUndefined();
    expect(watchedShare({ duration: 0, position: 5 })).toBeUndefined();
  });
});
