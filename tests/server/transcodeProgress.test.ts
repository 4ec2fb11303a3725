// The transcode run's state, without ffmpeg: what plays, what is pending, when to report progress.
import { describe, expect, it } from 'vitest';
import { PROGRESS_INTERVAL_MS, TranscodeProgress } from '../../server/jobs/handlers/transcodeProgress.js';

describe('TranscodeProgress', () => {
  it('starts processing with nothing playing, and pending is the ladder less what is packaged', () => {
    const run = new TranscodeProgress({ qualities: [], packaged: [], todo: [720, 480, 360] });
    expect(run.status).toBe('processing');
    expect(run.waitsForReady).toBe(true);
    expect(run.pending).toEqual([720, 480, 360]);
    expect(run.playsAsHls).toBe(false);
    expect(run.shownPercent).toBe(0);
  });

  it('a retry keeps what an earlier attempt packaged: ready at once, HLS plays, only the rest is pending', () => {
    const run = new TranscodeProgress({ qualities: [360], packaged: [360], todo: [720, 480] });
    expect(run.status).toBe('ready');
    expect(run.waitsForReady).toBe(false);
    expect(run.pending).toEqual([720, 480]);
    expect(run.playsAsHls).toBe(true);
  });

  it('on a redo the packaged rungs keep playing and are not pending', () => {
    const run = new TranscodeProgress({ qualities: [480, 360], packaged: [480, 360], todo: [720, 480, 360] });
    expect(run.pending).toEqual([720]);
  });

  it('reports a percentage only when it moved and the interval passed, and never 100 before the end', () => {
    const run = new TranscodeProgress({ qualities: [], packaged: [], todo: [360] });
    expect(run.progressReport(0.1, 10_000)).toBe(10);
    expect(run.progressReport(0.2, 10_000 + PROGRESS_INTERVAL_MS - 1)).toBeNull();
    expect(run.progressReport(0.109, 10_000 + PROGRESS_INTERVAL_MS)).toBeNull(); // still 10
    expect(run.progressReport(0.25, 10_000 + PROGRESS_INTERVAL_MS)).toBe(25);
    expect(run.progressReport(1, 20_000)).toBe(99);
    expect(run.shownPercent).toBe(99);
  });

  it('the start rung streams: HLS plays from its first published fragments, told once', () => {
    const run = new TranscodeProgress({ qualities: [], packaged: [], todo: [480, 360] });
    expect(run.fragmentsNowPublished(3)).toBe(true);
    expect(run.fragmentsPublished).toBe(3);
    expect(run.playsAsHls).toBe(true);
    expect(run.fragmentsNowPublished(5)).toBe(false);
  });

  it('each published rung plays, is packaged and leaves pending; the run lists them best first', () => {
    const run = new TranscodeProgress({ qualities: [], packaged: [], todo: [720, 480, 360] });
    run.rungPublished(360);
    run.markedReady();
    run.rungPublished(720);
    expect(run.status).toBe('ready');
    expect(run.qualities).toEqual([360, 720]);
    expect(run.packaged).toEqual([360, 720]);
    expect(run.pending).toEqual([480]);
    expect(run.madeRungs()).toEqual([720, 360]);
  });

  it('a rung made again on a redo is not listed twice', () => {
    const run = new TranscodeProgress({ qualities: [360], packaged: [360], todo: [360] });
    run.rungPublished(360);
    expect(run.qualities).toEqual([360]);
    expect(run.packaged).toEqual([360]);
    expect(run.madeRungs()).toEqual([360]);
  });
});
