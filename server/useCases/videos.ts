// Editing and deleting videos (uploading is ingest.ts; publishing, the transcode job).
import { busy, forbidden, invalid, notFound, unprocessable } from '../domain/errors.js';
import type { OwnedVideoRow } from '../db/repositories/videos.js';
import { frameOfStoredVideo } from '../media/frames.js';
import { removeImage, storeImage } from '../media/images.js';
import { PoolBusyError } from '../media/workPool.js';
import { reachOf } from '../domain/videoReach.js';
import { deleteVideos } from './videoRemoval.js';
import type { UseCaseDeps } from './deps.js';

interface Logger {
  warn(details: object, message?: string): void;
}

/** A checked edit: new text fields, and a new thumbnail as a file or a second of the video. */
export interface VideoEdit {
  title?: string;
  description?: string;
  thumbnailAt?: number;
  thumbnailFile?: Buffer;
}

/** The video, when `callerId` owns it (routes check this before reading a request's body). */
export async function ownVideo(deps: Pick<UseCaseDeps, 'repos'>, videoId: string, callerId: string, action: 'edit' | 'delete'): Promise<OwnedVideoRow> {
  const video = await deps.repos.videos.findOwned(videoId);
  if (!video) throw notFound('Video not found');
  if (video.owner_id !== callerId) throw forbidden(`You are not allowed to ${action} this video`);
  return video;
}

/** The stored image name of the new thumbnail (an uploaded file or a frame of the video), if any. */
async function newThumbnail(deps: UseCaseDeps, video: OwnedVideoRow, edit: VideoEdit, log: Logger): Promise<string | undefined> {
  if (edit.thumbnailFile) return storeImage(deps.storage, 'thumbnail', edit.thumbnailFile, 'Thumbnail');
  if (edit.thumbnailAt === undefined) return undefined;
  const detail = await deps.repos.videos.findDetail(video.id);
  const duration = Number(detail?.duration ?? 0);
  // Duration 0: not probed yet; ffmpeg decides whether the frame exists.
  if (duration > 0 && edit.thumbnailAt > duration) throw invalid(`thumbnailAt must be between 0 and ${duration} seconds`);
  const renditions = await deps.repos.videoMedia.renditions(video.id);
  let frame: Buffer;
  try {
    frame = await frameOfStoredVideo(deps, [video.source_key, ...renditions.map((row) => row.storage_key)], edit.thumbnailAt);
  } catch (error) {
    // Nothing is written yet: the edit can simply be sent again.
    if (error instanceof PoolBusyError) throw busy(`The server is busy taking frames from videos: try again in ${error.retryAfterSeconds} seconds`, error.retryAfterSeconds);
    log.warn({ err: (error as Error).message, videoId: video.id }, 'no frame for the thumbnail');
    throw unprocessable('Could not take a frame from this video at that time');
  }
  return storeImage(deps.storage, 'thumbnail', frame, 'Thumbnail');
}

/** Applies the owner's edit; the thumbnail it replaces is removed once the row points at the new one. */
export async function editVideoDetails(deps: UseCaseDeps, input: { videoId: string; callerId: string; edit: VideoEdit }, log: Logger): Promise<void> {
  const { videos } = deps.repos;
  const video = await ownVideo(deps, input.videoId, input.callerId, 'edit');
  const thumbnail = await newThumbnail(deps, video, input.edit, log);
  let replaced: { previousThumbnail: string } | undefined;
  try {
    replaced = await videos.updateDetails(video.id, { title: input.edit.title, description: input.edit.description, thumbnail });
  } catch (error) {
    if (thumbnail) await removeImage(deps.storage, thumbnail);
    throw error;
  }
  if (!replaced) {
    if (thumbnail) await removeImage(deps.storage, thumbnail);
    throw notFound('Video not found');
  }
  if (thumbnail && replaced.previousThumbnail) {
    await removeImage(deps.storage, replaced.previousThumbnail).catch((error: unknown) => log.warn({ err: error }, 'old thumbnail not removed'));
  }
  const row = await videos.findDetail(video.id);
  if (row) {
    const { id: videoId, title, description, thumbnail: thumbnailImage, updated_at: updatedAt } = row;
    await deps.events.publish('video.detailsEdited', { videoId, title, description, thumbnailImage, updatedAt, ...reachOf(row) });
  }
}

export async function removeVideo(deps: UseCaseDeps, input: { videoId: string; callerId: string }): Promise<void> {
  const video = await ownVideo(deps, input.videoId, input.callerId, 'delete');
  await deleteVideos(deps, [video]);
  await deps.events.publish('video.removed', { videoIds: [video.id] });
}

/** Deletes every video of the owner; returns how many. */
export async function removeAllVideos(deps: UseCaseDeps, input: { ownerId: string }): Promise<number> {
  const owned = await deps.repos.videos.listOwned(input.ownerId);
  const deletedCount = await deleteVideos(deps, owned);
  await deps.events.publish('video.removed', { videoIds: owned.map((video) => video.id) });
  return deletedCount;
}
