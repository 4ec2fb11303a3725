// Publishing a finished rung: the file, its HLS media playlist, its row, then the master
// playlist rewritten from every packaged rung, so the master grows as rungs land. Before that, a
// streamed rung's fragments as they are made (publishFragments).
import { open } from 'node:fs/promises';
import type { VideoMediaRepository } from '../db/repositories/videoMedia.js';
import { type ByteRange, HLS_CONTENT_TYPE, bandwidthOf, liveMediaPlaylist, masterPlaylist, readByteRange } from './hls.js';
import type { MediaStorage } from './storage.js';
import type { GrowingRung, Rendition } from './transcode.js';
import { hlsMasterKey, hlsPlaylistKey, liveFileKey, liveFileName, liveFilesPrefix, renditionKey } from './videoFiles.js';

export interface PublishDeps {
  storage: MediaStorage;
  media: VideoMediaRepository;
}

/** Stores and records one rendition; false when the video was deleted meanwhile (nothing is left behind). */
export async function publishRendition(deps: PublishDeps, videoId: string, rendition: Rendition): Promise<boolean> {
  const key = renditionKey(videoId, rendition.height);
  const playlistKey = hlsPlaylistKey(videoId, rendition.height);
  await deps.storage.putFile(key, rendition.path, 'video/mp4', { move: true });
  await deps.storage.putFile(playlistKey, rendition.hls.playlistPath, HLS_CONTENT_TYPE, { move: true });
  const { hls } = rendition;
  const recorded = await deps.media.addRendition(videoId, {
    height: rendition.height,
    storageKey: key,
    sizeBytes: rendition.size,
    hls: { playlistKey, resolution: hls.resolution, bandwidth: hls.bandwidth, averageBandwidth: hls.averageBandwidth, codecs: hls.codecs },
  });
  if (!recorded) {
    await Promise.all([deps.storage.remove(key), deps.storage.remove(playlistKey)]);
    return false;
  }
  await writeMasterPlaylist(deps, videoId);
  return true;
}

/** Rewrites the master playlist from the packaged rungs (relative URIs: `720.m3u8` beside it). */
async function writeMasterPlaylist(deps: PublishDeps, videoId: string): Promise<void> {
  const variants = (await deps.media.renditions(videoId))
    .filter((row) => row.playlist_key)
    .map((row) => ({
      height: Number(row.height),
      resolution: row.resolution,
      bandwidth: Number(row.bandwidth),
      averageBandwidth: Number(row.average_bandwidth),
      codecs: row.codecs,
      uri: `${Number(row.height)}.m3u8`,
    }));
  if (variants.length === 0) return;
  await deps.storage.putBuffer(hlsMasterKey(videoId), Buffer.from(masterPlaylist(variants)), HLS_CONTENT_TYPE);
}

/**
 * Publishes a streamed rung's new fragments (those after the first `published`), each its own
 * file, then its EVENT playlist; with the first, the init section and a master playlist listing
 * that one variant. Returns how many are published now, or null when the video was deleted.
 */
export async function publishFragments(deps: PublishDeps, videoId: string, rung: GrowingRung, published: number): Promise<number | null> {
  const { height, playlist } = rung;
  const file = await open(rung.path, 'r');
  try {
    const put = async (name: string, range: ByteRange) =>
      deps.storage.putBuffer(liveFileKey(videoId, name), await readByteRange(file, range, name), 'video/mp4');
    if (published === 0) await put(liveFileName(height, 'init'), playlist.map);
    for (let index = published; index < playlist.segments.length; index++) await put(liveFileName(height, index), playlist.segments[index]!);
  } finally {
    await file.close();
  }
  const playlistName = liveFileName(height, 'playlist');
  await deps.storage.putBuffer(liveFileKey(videoId, playlistName), Buffer.from(liveMediaPlaylist(playlist, height)), HLS_CONTENT_TYPE);
  if (published === 0) {
    const { peak, average } = bandwidthOf(playlist);
    const variant = { height, resolution: `${rung.facts.width}x${rung.facts.height}`, bandwidth: peak, averageBandwidth: average, codecs: rung.facts.codecs, uri: playlistName };
    await deps.storage.putBuffer(hlsMasterKey(videoId), Buffer.from(masterPlaylist([variant])), HLS_CONTENT_TYPE);
  }
  // Also tells whether the video still exists: a delete meanwhile removed its files before these.
  if (!(await deps.media.setStreamingHeight(videoId, height))) {
    await Promise.all([removeLiveFiles(deps.storage, videoId), deps.storage.remove(hlsMasterKey(videoId))]);
    return null;
  }
  return playlist.segments.length;
}

/** The streamed rung's own files, once its rendition (the same fragments in one file) is published. */
export async function removeLiveFiles(storage: MediaStorage, videoId: string): Promise<void> {
  await storage.removePrefix(liveFilesPrefix(videoId));
}
