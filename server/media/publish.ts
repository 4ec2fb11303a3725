// Publishing a finished rung (issue 16): the file, its HLS media playlist, its row, then the master
// playlist rewritten from every packaged rung, so the master grows as rungs land.
import type { VideoMediaRepository } from '../db/repositories/videoMedia.js';
import { HLS_CONTENT_TYPE, masterPlaylist } from './hls.js';
import type { MediaStorage } from './storage.js';
import type { Rendition } from './transcode.js';
import { hlsMasterKey, hlsPlaylistKey, renditionKey } from './videoFiles.js';

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
export async function writeMasterPlaylist(deps: PublishDeps, videoId: string): Promise<void> {
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
