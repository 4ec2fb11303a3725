// Deleting a video: its row and everything stored for it, with its transcoding stopped first.
import type { Repositories } from '../db/repositories/index.js';
import type { JobQueue } from '../jobs/types.js';
import { removeImage } from '../media/images.js';
import type { MediaStorage } from '../media/storage.js';
import { transcodeJobId } from '../media/videoFiles.js';

/** What deleting needs (the Fastify app satisfies it). */
export interface RemoveDeps {
  repos: Pick<Repositories, 'videos'>;
  storage: MediaStorage;
  jobs: Pick<JobQueue, 'cancel'>;
}

export interface VideoMediaRefs {
  id: string;
  source_key: string;
  thumbnail: string;
}

/**
 * Cancels the video's transcoding (waiting until it has stopped, so it cannot write files
 * afterwards) and removes every stored file of the video: renditions and playlists, captions, source, thumbnail.
 * The caller deletes the row (its renditions rows go with it by cascade).
 */
export async function removeVideoFiles(deps: Pick<RemoveDeps, 'jobs' | 'storage'>, video: VideoMediaRefs): Promise<void> {
  await deps.jobs.cancel(transcodeJobId(video.id));
  await deps.storage.removePrefix(`videos/${video.id}/`);
  await deps.storage.removePrefix(`captions/${video.id}/`);
  if (video.source_key) await deps.storage.remove(video.source_key);
  if (video.thumbnail) await removeImage(deps.storage, video.thumbnail);
}

/**
 * Deletes videos: rows first (their reactions, comments, views, history and playlist links go
 * with them), then each deleted video's files. A failed file removal leaves garbage, never a
 * broken video. Returns how many were deleted.
 */
export async function deleteVideos(deps: RemoveDeps, videos: { id: string }[]): Promise<number> {
  const deleted = await deps.repos.videos.remove(videos.map((video) => video.id));
  for (const row of deleted) await removeVideoFiles(deps, row);
  return deleted.length;
}
