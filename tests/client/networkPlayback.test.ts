// The player's start rung and the data saver, as pure decisions: what the link says -> where Auto
// starts and how high it may go; the menu's rung costs; the narrower thumbnails.
import { describe, expect, it } from 'vitest';
import { linkEstimate, startLevelIndex, UNKNOWN_LINK_BPS } from '../../src/features/player/abr';
import { bitrateLabel } from '../../src/features/player/quality';
import type { LinkInfo } from '../../src/lib/connection';
import { dataSaverState } from '../../src/lib/dataSaver';
import { imageSrcSet } from '../../shared/imageUrls';

const link = (fields: Partial<LinkInfo> = {}): LinkInfo => ({ downlinkBps: null, effectiveType: null, saveData: false, type: null, ...fields });
/** Today's ladder as hls.js orders it (by bitrate, lowest first): 360p, 480p, 720p. */
const LADDER = [740_000, 1_280_000, 3_600_000];

describe('where Auto starts', () => {
  it('uses the browser downlink, else its effective type, else a low default; Save-Data starts lowest', () => {
    expect(linkEstimate(link({ downlinkBps: 1_550_000, effectiveType: '4g' }))).toBe(1_550_000);
    expect(linkEstimate(link({ effectiveType: '3g' }))).toBe(700_000);
    expect(linkEstimate(link())).toBe(UNKNOWN_LINK_BPS);
    expect(linkEstimate(link({ downlinkBps: 10_000_000, saveData: true }))).toBeLessThan(LADDER[0]!);
  });

  it('starts on the highest rung that fits, the lowest when none does, never above the cap', () => {
    // Slow 4G: 1.6 Mbps carries 360p with room, not 480p's 1.28 Mbps peak.
    expect(startLevelIndex(LADDER, 1_600_000)).toBe(0);
    expect(startLevelIndex(LADDER, 2_000_000)).toBe(1);
    expect(startLevelIndex(LADDER, 10_000_000)).toBe(2);
    expect(startLevelIndex(LADDER, 10_000_000, 0)).toBe(0);
    // An unknown link never starts on the top rung.
    expect(startLevelIndex(LADDER, UNKNOWN_LINK_BPS)).toBe(0);
    expect(startLevelIndex(LADDER, 400_000)).toBe(0);
  });
});

describe('the data saver', () => {
  it('follows Save-Data on Auto, caps at 360p on cellular or an unknown link, not on Wi-Fi', () => {
    expect(dataSaverState('auto', link())).toEqual({ mode: 'auto', on: false, maxHeight: null });
    expect(dataSaverState('auto', link({ saveData: true }))).toEqual({ mode: 'auto', on: true, maxHeight: 360 });
    expect(dataSaverState('always', link({ type: 'cellular' }))).toEqual({ mode: 'always', on: true, maxHeight: 360 });
    expect(dataSaverState('always', link({ type: 'wifi' }))).toEqual({ mode: 'always', on: true, maxHeight: null });
    expect(dataSaverState('off', link({ saveData: true, type: 'cellular' }))).toEqual({ mode: 'off', on: false, maxHeight: null });
  });

  it('offers no thumbnail copy wider than asked', () => {
    const name = 'a'.repeat(20) + '.webp';
    const narrow = imageSrcSet(`/media/image/upload/${name}`, 480)!;
    expect(narrow).toBe(`/media/image/upload/w_320/${name} 320w, /media/image/upload/w_480/${name} 480w`);
  });
});

describe('rung costs', () => {
  it('says Mbps from 1 Mbps up, kbps below', () => {
    expect(bitrateLabel(1_100_000)).toBe('1.1 Mbps');
    expect(bitrateLabel(3_604_000)).toBe('3.6 Mbps');
    expect(bitrateLabel(740_000)).toBe('740 kbps');
    expect(bitrateLabel(348_000)).toBe('350 kbps');
  });
});
