// Watch later: saving a video to the user's list and taking it off. Saving needs a video the user
// may use (404 unknown, 410 taken down: server/videos/visibility.ts); both are idempotent, so an
// offline save replayed twice, or a save from two devices, leaves one entry.
import type { WatchLaterState } from '../../contract/entities.js';
import { notFound } from '../domain/errors.js';
import { usableVideo } from '../videos/visibility.js';
import type { UseCaseDeps } from './deps.js';

type Deps = Pick<UseCaseDeps, 'repos' | 'events'>;

export async function saveToWatchLater(deps: Deps, input: { userId: string; videoId: string }): Promise<WatchLaterState> {
  await usableVideo(deps.repos, input.videoId, input.userId);
  const { savedAt, added } = await deps.repos.watchLater.add(input.userId, input.videoId);
  if (added) await deps.events.publish('watchLater.changed', { userId: input.userId, videoId: input.videoId, saved: true });
  return { videoId: input.videoId, saved: true, savedAt };
}

/** Taking off a video that is not in the list succeeds too; an id that names no video is a 404. */
export async function removeFromWatchLater(deps: Deps, input: { userId: string; videoId: string }): Promise<WatchLaterState> {
  const removed = await deps.repos.watchLater.remove(input.userId, input.videoId);
  if (removed) await deps.events.publish('watchLater.changed', { userId: input.userId, videoId: input.videoId, saved: false });
  else if (!(await deps.repos.videos.findState(input.videoId))) throw notFound('Video not found');
  return { videoId: input.videoId, saved: false, savedAt: null };
}
