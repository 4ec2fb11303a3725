// The Download button's quality: 480p (eco) as a rule, at most 360p while data saver is on, and the
// data saver reading itself (Always, Off, or Auto following the browser's Save-Data).
import { describe, expect, it, vi } from 'vitest';
import { downloadQuality } from '../../src/features/downloads/downloadQuality';
import { qualityOptionsFor } from '../../src/features/player/quality';
import { DATA_SAVER_KEY, dataSaverMode, dataSaverOn } from '../../src/lib/dataSaver';

describe('download quality', () => {
  const ladder = qualityOptionsFor([1080, 720, 480, 360]);

  it('takes 480p without data saver and 360p with it', () => {
    expect(downloadQuality(ladder, false)?.label).toBe('480p');
    expect(downloadQuality(ladder, true)?.label).toBe('360p');
  });

  it('takes the best rung under the cap, else the lowest the video has', () => {
    expect(downloadQuality(qualityOptionsFor([720, 360]), false)?.label).toBe('360p');
    expect(downloadQuality(qualityOptionsFor([1080, 720]), false)?.label).toBe('720p');
    expect(downloadQuality(qualityOptionsFor([720, 480]), true)?.label).toBe('480p');
    expect(downloadQuality([], true)).toBeNull();
  });
});

describe('data saver', () => {
  const withSaveData = (saveData: boolean | undefined) => vi.stubGlobal('navigator', { ...navigator, connection: saveData === undefined ? undefined : { saveData } });

  it('is Auto unless Always or Off is stored, and Auto follows Save-Data', () => {
    withSaveData(true);
    expect(dataSaverMode()).toBe('auto');
    expect(dataSaverOn()).toBe(true);
    withSaveData(false);
    expect(dataSaverOn()).toBe(false);
    withSaveData(undefined);
    expect(dataSaverOn()).toBe(false);
    localStorage.setItem(DATA_SAVER_KEY, 'bogus');
    expect(dataSaverMode()).toBe('auto');
  });

  it('Always and Off override the browser', () => {
    withSaveData(false);
    localStorage.setItem(DATA_SAVER_KEY, 'always');
    expect(dataSaverOn()).toBe(true);
    withSaveData(true);
    localStorage.setItem(DATA_SAVER_KEY, 'off');
    expect(dataSaverOn()).toBe(false);
  });
});
