// Checks a video's HLS over HTTP as a player would read it: the master's variants, each media
// playlist's durations, and every byte range (init section and fragments) fetched from the server;
// and the sound a player on a slow-link rung fetches.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { parseMediaPlaylist } from '../../server/media/hls.js';
import { call } from '../support/server.js';
import { tools } from './mediaFixtures.js';

const run = promisify(execFile);

export interface HlsExpectation {
  /** Variant heights and the picture size of each. */
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
  // The start rung first (360p, else the tallest under it, else the lowest), then the others best first.
  const best = Object.keys(expected.resolutions).map(Number).sort((a, b) => b - a);
  const start = best.find((height) => height <= 360) ?? best.at(-1)!;
  const heights = [start, ...best.filter((height) => height !== start)];
  expect(variants.map((variant) => variant.uri)).toEqual(heights.map((height) => `${height}.m3u8`));

  for (const [index, variant] of variants.entries()) {
    const height = heights[index]!;
    expect(variant.attributes).toMatch(/(^|,)BANDWIDTH=\d+/);
    expect(variant.attributes).toContain(`RESOLUTION=${expected.resolutions[height]}`);
    const codecs = /CODECS="([^"]+)"/.exec(variant.attributes)?.[1] ?? '';
    expect(codecs).toMatch(expected.hasAudio === false ? /^avc1\.[0-9a-f]{6}$/ : /^avc1\.[0-9a-f]{6},mp4a\.40\.2$/);

    const media = await fetchOk(server, `/media/video/hls/${videoId}/${variant.uri}`);
    expect(media.response.status).toBe(200);
    expect(media.response.headers.get('cache-control')).toBe('public, no-cache');
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

/**
 * What a player on `height` fetches for sound: the master has no separate audio group (each rung's
 * file carries its own track), and that rung's fragments, fetched by their byte ranges, hold mono
 * AAC-LC at 24 kHz at no more than `maxAudioKbps`. Returns the audio's measured rate in kbps.
 */
export async function expectSlowLinkAudio(server: { url: string }, videoId: string, height: number, maxAudioKbps: number): Promise<number> {
  const base = `${server.url}/media/video/hls/${videoId}`;
  const master = await (await fetch(`${base}/master.m3u8`)).text();
  expect(master).not.toContain('#EXT-X-MEDIA');
  const playlist = parseMediaPlaylist(await (await fetch(`${base}/${height}.m3u8`)).text());
  const parts: Buffer[] = [];
  for (const range of [playlist.map, ...playlist.segments]) {
    const response = await fetch(`${base}/${playlist.uri}`, { headers: { range: `bytes=${range.offset}-${range.offset + range.length - 1}` } });
    expect(response.status).toBe(206);
    parts.push(Buffer.from(await response.arrayBuffer()));
  }
  const dir = await mkdtemp(join(tmpdir(), 'vidshare-fragments-'));
  try {
    const fetched = join(dir, `${height}.mp4`);
    await writeFile(fetched, Buffer.concat(parts));
    const { stdout } = await run(tools.ffprobe, ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=codec_name,profile,channels,sample_rate:packet=size', '-of', 'json', fetched]);
    const probe = JSON.parse(stdout) as { streams: { codec_name: string; profile: string; channels: number; sample_rate: string }[]; packets: { size: string }[] };
    expect(probe.streams[0]).toMatchObject({ codec_name: 'aac', profile: 'LC', channels: 1, sample_rate: '24000' });
    const seconds = playlist.segments.reduce((sum, segment) => sum + segment.duration, 0);
    const kbps = (probe.packets.reduce((sum, packet) => sum + Number(packet.size), 0) * 8) / seconds / 1000;
    expect(kbps).toBeGreaterThan(maxAudioKbps / 4);
    expect(kbps).toBeLessThanOrEqual(maxAudioKbps);
    return kbps;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
