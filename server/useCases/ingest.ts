// Taking in a new video: check what the bytes really are, store source and thumbnail, create the
// row, queue its transcoding and publish `video.uploaded`. Used by both upload routes (multipart and
// tus) and by `npm run seed`.
import { rm } from 'node:fs/promises';
import { videoDetailsError } from '../../contract/rules.js';
import type { Config } from '../config.js';
import type { Repositories } from '../db/repositories/index.js';
import { forbidden, invalid } from '../domain/errors.js';
import { suspendedAt, suspensionMessage } from '../domain/suspension.js';
import { newId } from '../ids.js';
import type { DomainEventBus } from '../domain/eventBus.js';
import type { JobQueue } from '../jobs/types.js';
import { grabFrame } from '../media/frames.js';
import { removeImage, storeImage } from '../media/images.js';
import { inspectVideo } from '../media/inspect.js';
import type { VideoProbe } from '../media/probe.js';
import type { MediaStorage } from '../media/storage.js';
import { sourceKey, sourcePlayable, transcodeJobId } from '../media/videoFiles.js';

export interface VideoDetails {
  title: string;
  description: string;
}

/** Title and description as both upload paths take them (multipart fields or tus metadata). */
export function checkVideoDetails(fields: { title?: string | null; description?: string | null }): VideoDetails {
  const details = { title: (fields.title ?? '').trim(), description: (fields.description ?? '').trim() };
  const problem = videoDetailsError(details);
  if (problem) throw invalid(problem);
  return details;
}

/** What taking in a video needs (the Fastify app satisfies it; seed builds its own). */
export interface IngestDeps {
  config: Pick<Config, 'ffmpegPath' | 'ffprobePath' | 'frameGrabs'>;
  repos: Pick<Repositories, 'videos' | 'users'>;
  storage: MediaStorage;
  jobs: Pick<JobQueue, 'enqueue' | 'cancel'>;
  events: DomainEventBus;
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

async function thumbnailFrom(deps: IngestDeps, upload: NewUpload, probe: VideoProbe): Promise<string> {
  if (upload.thumbnail) return storeImage(deps.storage, 'thumbnail', upload.thumbnail, 'Thumbnail');
  try {
    const frame = await grabFrame(deps.config, upload.sourcePath, Math.min(1, probe.duration / 2));
    return await storeImage(deps.storage, 'thumbnail', frame, 'Thumbnail');
  } catch {
    return ''; // a missing thumbnail (ffmpeg failed, or its pool is busy) is not worth refusing a playable video
  }
}

/**
 * The moment an upload completes is a moment of standing: bytes sent by a user suspended meanwhile
 * (an upload started before the suspension) become no video, and so do bytes of an account an
 * admin deleted meanwhile. A suspension committing after this check is caught where the transcode
 * job publishes (media repository `markReady`); a deletion, by the video row's foreign key.
 */
async function refuseSuspendedOwner(deps: IngestDeps, ownerId: string): Promise<void> {
  const owner = await deps.repos.users.findById(ownerId);
  if (!owner) throw forbidden('Upload refused: this account no longer exists');
  if (suspendedAt(owner)) throw forbidden(`Upload refused. ${suspensionMessage(owner)}`);
}

/**
 * Stores a checked upload and queues its transcoding; returns the new video id. On any failure
 * everything created so far is removed again, so a refused upload leaves no row and no file.
 */
export async function ingestVideo(deps: IngestDeps, upload: NewUpload): Promise<string> {
  const { extension, mime, probe } = await inspectVideo(deps.config, upload.sourcePath);
  const undo: (() => Promise<unknown>)[] = [];
  const videoId = newId();
  try {
    const thumbnail = await thumbnailFrom(deps, upload, probe);
    if (thumbnail) undo.push(() => removeImage(deps.storage, thumbnail));
    const source = sourceKey(videoId, extension);
    undo.push(() => deps.storage.remove(source));
    await deps.storage.putFile(source, upload.sourcePath, mime, { move: true });
    undo.push(() => deps.repos.videos.remove([videoId]));
    await refuseSuspendedOwner(deps, upload.ownerId);
    await deps.repos.videos.create({
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
      sourcePlayable: sourcePlayable(probe, source),
    });
    undo.push(() => deps.jobs.cancel(transcodeJobId(videoId)));
    await deps.jobs.enqueue('transcode', { videoId }, { id: transcodeJobId(videoId) });
  } catch (error) {
    for (const step of undo.reverse()) await step().catch(() => undefined);
    await rm(upload.sourcePath, { force: true });
    throw error;
  }
  await deps.events.publish('video.uploaded', { videoId, ownerId: upload.ownerId });
  return videoId;
}
