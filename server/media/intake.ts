// Taking in a new video: check what the bytes really are, store source and thumbnail, create the
// row and queue its transcoding. Used by both upload routes (multipart and tus) and by `npm run seed`.
import { rm } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/kysely.js';
import { VideoRepository } from '../db/repositories/videos.js';
import { LIMITS } from '../../contract/limits.js';
import { badRequest, unsupportedMediaType } from '../http/envelope.js';
import { newId } from '../ids.js';
import type { JobQueue } from '../jobs/types.js';
import { mediaTools } from './ffmpeg.js';
import { imageStorageKey, storeImage } from './images.js';
import { probeVideo, type VideoProbe } from './probe.js';
import type { MediaStorage } from './storage.js';
import { extractFrame } from './transcode.js';
import { sourceKey, transcodeJobId } from './videoFiles.js';

export const NOT_A_VIDEO = 'Video file must be an MP4, WebM or MOV video';

/** Containers we accept, by sniffed MIME type, with the extension the stored source gets. */
const CONTAINERS: Record<string, string> = {
  'video/mp4': '.mp4',
  'video/x-m4v': '.mp4',
  'video/quicktime': '.mov',
  'video/webm': '.webm',
};

export interface InspectedVideo {
  mime: string;
  extension: string;
  probe: VideoProbe;
}

/** Magic bytes first (cheap), then ffprobe over every packet; 415 for anything else. */
export async function inspectVideo(config: Pick<Config, 'ffmpegPath' | 'ffprobePath'>, path: string): Promise<InspectedVideo> {
  const sniffed = await fileTypeFromFile(path);
  const extension = sniffed && CONTAINERS[sniffed.mime];
  if (!sniffed || !extension) throw unsupportedMediaType(NOT_A_VIDEO);
  const probe = await probeVideo(mediaTools(config), path);
  if (!probe) throw unsupportedMediaType(`${NOT_A_VIDEO}; this one could not be read (damaged or incomplete)`);
  return { mime: sniffed.mime, extension, probe };
}

export interface VideoDetails {
  title: string;
  description: string;
}

/** Title and description as both upload paths take them (multipart fields or tus metadata). */
export function checkVideoDetails(fields: { title?: string | null; description?: string | null }): VideoDetails {
  const title = (fields.title ?? '').trim();
  const description = (fields.description ?? '').trim();
  if (!title || !description) throw badRequest('Title and description are required');
  if (title.length > LIMITS.videoTitle) throw badRequest(`Title must be at most ${LIMITS.videoTitle} characters`);
  if (description.length > LIMITS.videoDescription) throw badRequest(`Description must be at most ${LIMITS.videoDescription} characters`);
  return { title, description };
}

export interface IntakeDeps {
  config: Config;
  db: DatabaseHandle;
  storage: MediaStorage;
  jobs: JobQueue;
}

export interface NewUpload {
  ownerId: string;
  title: string;
  description: string;
  /** A temp file: moved into storage on success, left to the caller's cleanup otherwise. */
  sourcePath: string;
  /** Image bytes sent by the client; a frame at 1 s is used when absent. */
  thumbnail?: Buffer;
}

async function thumbnailFrom(deps: IntakeDeps, upload: NewUpload, probe: VideoProbe): Promise<string> {
  if (upload.thumbnail) return storeImage(deps.storage, 'thumbnail', upload.thumbnail, 'Thumbnail');
  try {
    const frame = await extractFrame(mediaTools(deps.config), upload.sourcePath, Math.min(1, probe.duration / 2));
    return await storeImage(deps.storage, 'thumbnail', frame, 'Thumbnail');
  } catch {
    return ''; // a missing thumbnail is not worth refusing a playable video
  }
}

/**
 * Stores a checked upload and queues its transcoding; returns the new video id. On any failure
 * everything created so far is removed again, so a refused upload leaves no row and no file.
 */
export async function ingestVideo(deps: IntakeDeps, upload: NewUpload): Promise<string> {
  const { extension, mime, probe } = await inspectVideo(deps.config, upload.sourcePath);
  const undo: (() => Promise<unknown>)[] = [];
  try {
    const thumbnail = await thumbnailFrom(deps, upload, probe);
    if (thumbnail) undo.push(() => deps.storage.remove(imageStorageKey(thumbnail)));
    const videoId = newId();
    const source = sourceKey(videoId, extension);
    undo.push(() => deps.storage.remove(source));
    await deps.storage.putFile(source, upload.sourcePath, mime, { move: true });
    undo.push(() => deps.db.db.deleteFrom('videos').where('id', '=', videoId).execute());
    await new VideoRepository(deps.db.db).create({
      id: videoId,
      ownerId: upload.ownerId,
      title: upload.title,
      description: upload.description,
      status: 'processing',
      duration: Math.round(probe.duration * 1000) / 1000,
      width: probe.width,
      height: probe.height,
      thumbnail,
      sourceKey: source,
    });
    undo.push(() => deps.jobs.cancel(transcodeJobId(videoId)));
    await deps.jobs.enqueue('transcode', { videoId }, { id: transcodeJobId(videoId) });
    return videoId;
  } catch (error) {
    for (const step of undo.reverse()) await step().catch(() => undefined);
    await rm(upload.sourcePath, { force: true });
    throw error;
  }
}
