// HLS from the rendition files: each rung is one fragmented MP4 that ffmpeg's hls muxer
// addresses by byte range in a media playlist; the master playlist listing the rungs is ours.
import { type FileHandle, open } from 'node:fs/promises';
import type { Track } from 'mp4box';
import { HLS_SEGMENT_SECONDS, startHeight } from '../../contract/limits.js';
import { liveFileName } from './videoFiles.js';

export const HLS_CONTENT_TYPE = 'application/vnd.apple.mpegurl';

/**
 * ffmpeg output options that write `<height>.mp4` plus its byte-range playlist `<height>.m3u8` in `dir`.
 * An 'event' playlist is rewritten after every fragment (the file holds it by then), so the rung
 * can be streamed while it is made; a 'vod' one is complete only at the end.
 */
export function hlsOutputArgs(dir: string, height: number, playlistType: 'vod' | 'event' = 'vod'): string[] {
  return [
    '-f', 'hls',
    '-hls_time', String(HLS_SEGMENT_SECONDS),
    '-hls_playlist_type', playlistType,
    '-hls_segment_type', 'fmp4',
    '-hls_flags', 'single_file',
    '-hls_segment_filename', `${dir}/${height}.mp4`,
    `${dir}/${height}.m3u8`,
  ];
}

/** Keyframes on the same 2 s grid in every rung (whatever the frame rate), so players switch at any fragment. */
export const ALIGNED_KEYFRAMES = ['-force_key_frames', `expr:gte(t,n_forced*${HLS_SEGMENT_SECONDS})`, '-sc_threshold', '0'];

export interface ByteRange {
  offset: number;
  length: number;
}

export interface MediaPlaylist {
  /** The file every URI points at (single_file). */
  uri: string;
  /** The init section (ftyp + moov). */
  map: ByteRange;
  segments: Array<ByteRange & { duration: number }>;
  targetDuration: number;
  ended: boolean;
}

function byteRange(text: string, previousEnd: number): ByteRange {
  const [length, offset] = text.split('@');
  return { length: Number(length), offset: offset === undefined ? previousEnd : Number(offset) };
}

/** Reads a single-file fMP4 media playlist as ffmpeg writes it; throws on anything else. */
export function parseMediaPlaylist(text: string): MediaPlaylist {
  const lines = text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  if (lines[0] !== '#EXTM3U') throw new Error('not an M3U8 playlist');
  let map: ByteRange | null = null;
  let uri = '';
  let targetDuration = 0;
  let ended = false;
  let duration: number | null = null;
  let range: ByteRange | null = null;
  let end = 0;
  const segments: MediaPlaylist['segments'] = [];
  for (const line of lines.slice(1)) {
    if (line.startsWith('#EXT-X-TARGETDURATION:')) targetDuration = Number(line.slice(22));
    else if (line.startsWith('#EXT-X-MAP:')) {
      const mapUri = /URI="([^"]+)"/.exec(line)?.[1];
      const mapRange = /BYTERANGE="([^"]+)"/.exec(line)?.[1];
      if (!mapUri || !mapRange) throw new Error('EXT-X-MAP without URI and BYTERANGE');
      uri = mapUri;
      map = byteRange(mapRange, 0);
      end = map.offset + map.length;
    } else if (line.startsWith('#EXTINF:')) duration = Number(line.slice(8).split(',')[0]);
    else if (line.startsWith('#EXT-X-BYTERANGE:')) range = byteRange(line.slice(17), end);
    else if (line === '#EXT-X-ENDLIST') ended = true;
    else if (!line.startsWith('#')) {
      if (duration === null || !range) throw new Error('segment without EXTINF and EXT-X-BYTERANGE');
      if (line !== uri) throw new Error('segments must all be in the map file');
      segments.push({ ...range, duration });
      end = range.offset + range.length;
      duration = null;
      range = null;
    }
  }
  if (!map) throw new Error('no EXT-X-MAP');
  return { uri, map, segments, targetDuration, ended };
}

/**
 * The playlist of a rung being streamed: the fragments published so far, each its own file (the
 * growing rendition cannot be stored piecewise on S3), without EXT-X-ENDLIST so players reload it.
 */
export function liveMediaPlaylist(playlist: MediaPlaylist, height: number): string {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    // A live playlist's target duration may not change: the grid's, unless a fragment is longer.
    `#EXT-X-TARGETDURATION:${Math.max(HLS_SEGMENT_SECONDS, playlist.targetDuration)}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:EVENT',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    `#EXT-X-MAP:URI="${liveFileName(height, 'init')}"`,
  ];
  playlist.segments.forEach((segment, index) => lines.push(`#EXTINF:${segment.duration.toFixed(6)},`, liveFileName(height, index)));
  return `${lines.join('\n')}\n`;
}

/** Peak and average bits per second over the fragments (the master's BANDWIDTH and AVERAGE-BANDWIDTH). */
export function bandwidthOf(playlist: MediaPlaylist): { peak: number; average: number } {
  let peak = 0;
  let bytes = 0;
  let seconds = 0;
  for (const segment of playlist.segments) {
    // A short last fragment would overstate the peak: rate it over at least half a target duration.
    const over = Math.max(segment.duration, playlist.targetDuration / 2, 0.001);
    peak = Math.max(peak, (segment.length * 8) / over);
    bytes += segment.length;
    seconds += segment.duration;
  }
  const average = seconds > 0 ? (bytes * 8) / seconds : 0;
  return { peak: Math.ceil(peak), average: Math.ceil(average) };
}

/** The bytes of `range` in a rung's file; throws when the file ends before the playlist says. */
export async function readByteRange(file: FileHandle, range: ByteRange, name: string): Promise<Buffer> {
  const bytes = Buffer.alloc(range.length);
  const { bytesRead } = await file.read(bytes, 0, range.length, range.offset);
  if (bytesRead !== range.length) throw new Error(`${name}: the rung's file ends before the playlist says`);
  return bytes;
}

export interface VariantFacts {
  width: number;
  height: number;
  /** RFC 6381, e.g. avc1.64001f,mp4a.40.2. */
  codecs: string;
}

/**
 * The RFC 6381 codecs and the picture size of a rendition, read by mp4box from its fMP4 init section
 * (`map`, the bytes the playlist's EXT-X-MAP names). A probe process per rung cost about 0.2 s of
 * CPU each, mostly loading ffmpeg's libraries: a twentieth of a 30 s ladder for five rungs.
 */
export async function variantFacts(path: string, map: ByteRange): Promise<VariantFacts> {
  const file = await open(path, 'r');
  let init: Buffer;
  try {
    init = await readByteRange(file, map, 'init section');
  } finally {
    await file.close();
  }
  // mp4box reads a whole ArrayBuffer: a copy of exactly these bytes.
  const tracks = await initTracks(new Uint8Array(init).buffer);
  const video = tracks.find((track) => track.type === 'video');
  if (!video?.video || !/^avc[13]\./.test(video.codec)) throw new Error(`rendition is not H.264: ${video?.codec ?? 'no video'}`);
  const codecs = [video.codec];
  const audio = tracks.find((track) => track.type === 'audio');
  if (audio && !/^mp4a\.40\.\d+$/.test(audio.codec)) throw new Error(`rendition audio is not AAC: ${audio.codec}`);
  if (audio) codecs.push(audio.codec);
  return { width: video.video.width, height: video.video.height, codecs: codecs.join(',') };
}

/** The tracks an init section (ftyp + moov) declares; throws when it is not one. */
async function initTracks(bytes: ArrayBuffer): Promise<Track[]> {
  // Loaded on the first rendition: processes that never package one (most API processes) skip its ~40 ms.
  const { createFile, MP4BoxBuffer } = await import('mp4box');
  const file = createFile();
  let tracks: Track[] | null = null;
  let failure: unknown = null;
  file.onReady = (info) => {
    tracks = info.tracks;
  };
  file.onError = (module, message) => {
    failure = new Error(`rendition init section: ${module} ${message}`);
  };
  file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(bytes, 0));
  file.flush();
  if (failure) throw failure;
  if (!tracks) throw new Error('rendition init section has no movie header');
  return tracks;
}

export interface Variant {
  /** The rung (quality line count). */
  height: number;
  /** WIDTHxHEIGHT of the picture. */
  resolution: string;
  bandwidth: number;
  averageBandwidth: number;
  codecs: string;
  /** Relative to the master's URL. */
  uri: string;
}

/**
 * The master playlist: the start rung (startHeight, 360p) first, then the others best first. A
 * player without hints (Safari's own HLS; hls.js when its estimate fits no rung) starts on the
 * first variant listed, so an unknown link starts there instead of on the top rung.
 */
export function masterPlaylist(variants: Variant[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  const start = startHeight(variants.map((variant) => variant.height));
  const order = (variant: Variant) => (variant.height === start ? Infinity : variant.height);
  for (const variant of [...variants].sort((a, b) => order(b) - order(a))) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${variant.bandwidth},AVERAGE-BANDWIDTH=${variant.averageBandwidth},` +
        `RESOLUTION=${variant.resolution},CODECS="${variant.codecs}"`,
      variant.uri,
    );
  }
  return `${lines.join('\n')}\n`;
}
