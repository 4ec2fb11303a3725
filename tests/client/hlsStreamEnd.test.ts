// hls.js (patches/hls.js+*.patch) ends the stream once the last fragment is appended, even when
// the buffer has a hole under maxBufferHole behind the playhead. Switching between rungs whose
// audio is framed differently (the slow-link rungs' 24 kHz mono, the others' source audio) can
// leave one where two fragments meet; unpatched, hls.js took it for a range still to come, never
// called endOfStream(), and the player stalled on the last frame instead of ending. These run
// hls.js's own end-of-stream check on buffered ranges read off such a playback.
import Hls from 'hls.js/light';
import { describe, expect, it, vi } from 'vitest';

/** The playlist's end (the last fragment's end, as hls.js times it). */
const EDGE = 90.067;

/** A media element with these buffered ranges and playhead. */
function media(ranges: [number, number][], currentTime: number) {
  const buffered = { length: ranges.length, start: (i: number) => ranges[i]![0], end: (i: number) => ranges[i]![1] };
  return { buffered, currentTime } as unknown as HTMLMediaElement;
}

/** Whether hls.js's main stream controller takes the stream as ended, the last fragment being appended. */
function streamEnded(ranges: [number, number][], currentTime: number): boolean {
  const hls = new Hls();
  // Internals, on purpose: the check under test is hls.js's own, without a playback around it.
  const controller = (hls as unknown as { streamController: Record<string, any> }).streamController;
  try {
    const element = media(ranges, currentTime);
    controller.media = element;
    vi.spyOn(controller.fragmentTracker, 'isEndListAppended').mockReturnValue(true);
    const bufferInfo = controller.getFwdBufferInfoAtPos(element, currentTime, 'main', hls.config.maxBufferHole);
    return controller._streamEnded(bufferInfo, { live: false, edge: EDGE, partList: null, fragments: [{ type: 'main' }] });
  } finally {
    controller.media = null;
    hls.destroy();
  }
}

describe('hls.js end of stream', () => {
  it('ends with a hole under maxBufferHole behind the playhead (as a rung switch leaves)', () => {
    // Read off a Slow 4G playback that stalled on its last frame (360p, then 480p and 144p over
    // fragment 2): a hole of 0.1 s, which hls.js's getFwdBufferInfo bridges (maxBufferHole 0.1).
    expect(Hls.DefaultConfig.maxBufferHole).toBe(0.1);
    expect(streamEnded([[0, 3.967], [4.06, 90.023]], 86)).toBe(true);
  });

  it('does not end while a range still lies ahead of the playhead, or the playhead sits before the hole', () => {
    expect(streamEnded([[0, 50], [50.05, 90.023]], 40)).toBe(false);
    expect(streamEnded([[0, 3.967], [4.06, 90.023]], 2)).toBe(false);
  });

  it('ends with one range reaching the end', () => {
    expect(streamEnded([[0, 90.023]], 86)).toBe(true);
  });
});
