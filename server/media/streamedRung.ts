// The streamed start rung as one growing MP4, for `filePath` while no rung is complete: a client
// that knows only `filePath` (a plain <video src>) plays a video as soon as it is listed `ready`.
// The rung's init section, then each fragment as the job publishes it, then (once the rung's own
// file is published) the fragments still missing, read by byte range from that file. Init plus
// fragments in order is a fragmented MP4 that browsers play progressively.
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { VideoMediaRepository } from '../db/repositories/videoMedia.js';
import { parseMediaPlaylist } from './hls.js';
import type { MediaStorage } from './storage.js';
import { liveFileKey, liveFileName } from './videoFiles.js';

/** How often the stream looks for new fragments (the job publishes them every 200 ms at most). */
const POLL_MS = 250;
/** A stream with no new fragment for this long is given up (its job died without saying so). */
const STALL_MS = 60_000;

export interface StreamedRungDeps {
  storage: MediaStorage;
  media: Pick<VideoMediaRepository, 'find' | 'renditions'>;
}

/** How many fragments the live playlist lists (null before it exists). */
async function listedFragments(storage: MediaStorage, videoId: string, height: number): Promise<number | null> {
  const key = liveFileKey(videoId, liveFileName(height, 'playlist'));
  if (!(await storage.stat(key))) return null;
  const text = Buffer.concat(await (await storage.read(key)).toArray()).toString('utf8');
  const fragment = new RegExp(`^live-${height}-\\d+\\.m4s$`);
  return text.split(/\r?\n/).filter((line) => fragment.test(line.trim())).length;
}

/** The fragments after the first `sent` (and the init section when `initSent` is false) from the rung's own file. */
async function* fromPublishedRung(deps: StreamedRungDeps, videoId: string, height: number, initSent: boolean, sent: number): AsyncGenerator<Buffer> {
  const rendition = (await deps.media.renditions(videoId)).find((row) => Number(row.height) === height && row.playlist_key);
  if (!rendition) return;
  const playlist = parseMediaPlaylist(Buffer.concat(await (await deps.storage.read(rendition.playlist_key!)).toArray()).toString('utf8'));
  const ranges = [...(initSent ? [] : [playlist.map]), ...playlist.segments.slice(sent)];
  for (const range of ranges) {
    if (range.length === 0) continue;
    yield* (await deps.storage.read(rendition.storage_key, { start: range.offset, end: range.offset + range.length - 1 })) as AsyncIterable<Buffer>;
  }
}

async function* followStreamedRung(deps: StreamedRungDeps, videoId: string, height: number, signal: AbortSignal): AsyncGenerator<Buffer> {
  let initSent = false;
  let sent = 0;
  let lastNews = Date.now();
  while (!signal.aborted) {
    const video = await deps.media.find(videoId);
    if (!video) return;
    if (video.streaming_height !== height) {
      // Published (its rendition row comes before streaming ends) or failed (no rendition: the end).
      yield* fromPublishedRung(deps, videoId, height, initSent, sent);
      return;
    }
    const listed = (await listedFragments(deps.storage, videoId, height)) ?? 0;
    if (listed > sent) {
      if (!initSent) {
        yield Buffer.concat(await (await deps.storage.read(liveFileKey(videoId, liveFileName(height, 'init')))).toArray());
        initSent = true;
      }
      for (; sent < listed && !signal.aborted; sent++) {
        yield Buffer.concat(await (await deps.storage.read(liveFileKey(videoId, liveFileName(height, sent)))).toArray());
      }
      lastNews = Date.now();
    } else if (Date.now() - lastNews > STALL_MS) return;
    await sleep(POLL_MS, undefined, { signal }).catch(() => undefined);
  }
}

/** The streamed rung from its start, growing until the rung is complete; stops when `signal` aborts (the viewer left). */
export function streamedRungFile(deps: StreamedRungDeps, videoId: string, height: number, signal: AbortSignal): Readable {
  return Readable.from(followStreamedRung(deps, videoId, height, signal), { objectMode: false });
}
