// Checks a video's HLS over HTTP as a player would read it: the master's variants, each media
// playlist's durations, and every byte range (init section and fragments) fetched from the server.
import { expect } from 'vitest';
import { parseMediaPlaylist } from '../../server/media/hls.js';
import { call } from './harness.js';

export interface HlsExpectation {
  /** Variant heights, best first, and the picture size of each. */
  resolutions: Record<number, string>;
  /** Clip length in seconds. */
  duration: number;
  hasAudio?: boolean;
}

const boxType = (bytes: Buffer, at = 0) => bytes.subarray(at + 4, at + 8).toString('latin1');

async function fetchOk(server: { url: string }, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  return { response, body };
}

/** Returns the master playlist's text after checking every part of the video's HLS. */
export async function expectValidHls(server: { url: string }, videoId: string, expected: HlsExpectation): Promise<string> {
  const video = (await call(server, 'GET', `/videos/${videoId}`)).body.data;
  expect(video.hlsUrl).toBe(`/media/video/hls/${videoId}/master.m3u8`);
  const master = await fetchOk(server, video.hlsUrl);
  expect(master.response.status).toBe(200);
  expect(master.response.headers.get('content-type')).toContain('application/vnd.apple.mpegurl');
  expect(master.response.headers.get('accept-ranges')).toBe('bytes');
  const text = master.body.toString('utf8');
  const variants = [...text.matchAll(/#EXT-X-STREAM-INF:(.*)\n(.*)/g)].map((match) => ({ attributes: match[1]!, uri: match[2]! }));
  const heights = Object.keys(expected.resolutions).map(Number).sort((a, b) => b - a);
  expect(variants.map((variant) => variant.uri)).toEqual(heights.map((height) => `${height}.m3u8`));

  for (const [index, variant] of variants.entries()) {
    const height = heights[index]!;
    expect(variant.attributes).toMatch(/(^|,)BANDWIDTH=\d+/);
    expect(variant.attributes).toContain(`RESOLUTION=${expected.resolutions[height]}`);
    const codecs = /CODECS="([^"]+)"/.exec(variant.attributes)?.[1] ?? '';
    expect(codecs).toMatch(expected.hasAudio === false ? /^avc1\.[0-9a-f]{6}$/ : /^avc1\.[0-9a-f]{6},mp4a\.40\.2$/);

    const media = await fetchOk(server, `/media/video/hls/${videoId}/${variant.uri}`);
    expect(media.response.status).toBe(200);
    expect(media.response.headers.get('cache-control')).toContain('immutable');
    const playlist = parseMediaPlaylist(media.body.toString('utf8'));
    expect(playlist.ended).toBe(true);
    expect(playlist.uri).toBe(`${height}.mp4`);
    const total = playlist.segments.reduce((sum, segment) => sum + segment.duration, 0);
    expect(Math.abs(total - expected.duration)).toBeLessThan(0.25);
    // Keyframes every 2 s: every fragment but the last is 2 s.
    for (const segment of playlist.segments.slice(0, -1)) expect(Math.abs(segment.duration - 2)).toBeLessThan(0.05);

    const file = `/media/video/hls/${videoId}/${playlist.uri}`;
    const whole = await fetchOk(server, file);
    expect(whole.response.status).toBe(200);
    // The same file the progressive URL serves (one file per rung): same ETag and size.
    const progressive = await fetch(`${server.url}/media/video/upload/${videoId}.mp4`.replace('/upload/', `/upload/${segmentFor(height)}/`), { method: 'HEAD' });
    if (segmentFor(height)) {
      expect(progressive.headers.get('etag')).toBe(whole.response.headers.get('etag'));
      expect(Number(progressive.headers.get('content-length'))).toBe(whole.body.length);
    }
    // Every byte range is valid and the ranges tile the file from the init section to the end.
    let next = 0;
    for (const [at, range] of [playlist.map, ...playlist.segments].entries()) {
      expect(range.offset).toBe(next);
      const part = await fetchOk(server, file, { range: `bytes=${range.offset}-${range.offset + range.length - 1}` });
      expect(part.response.status).toBe(206);
      expect(part.response.headers.get('content-range')).toBe(`bytes ${range.offset}-${range.offset + range.length - 1}/${whole.body.length}`);
      expect(part.body.equals(whole.body.subarray(range.offset, range.offset + range.length))).toBe(true);
      // The init section is ftyp+moov; each fragment starts with its index (sidx) or directly with moof.
      expect(at === 0 ? ['ftyp'] : ['sidx', 'styp', 'moof']).toContain(boxType(part.body));
      next = range.offset + range.length;
    }
    expect(next).toBe(whole.body.length);
  }
  return text;
}

const SEGMENTS: Record<number, string> = { 1080: 'q_auto:best', 720: 'q_auto:good', 480: 'q_auto:eco', 360: 'q_auto:low' };
function segmentFor(height: number): string {
  return SEGMENTS[height] ?? '';
}
