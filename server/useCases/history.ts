// The watch history: a video goes to the top when played, the player saves where the viewer is,
// and the user removes one entry or clears the lot.
import { invalid, notFound } from '../domain/errors.js';
import { usableVideo } from '../videos/visibility.js';
import type { UseCaseDeps } from './deps.js';

type Deps = Pick<UseCaseDeps, 'repos' | 'events'>;

/** Answers when it was watched (the entry's new time). */
export async function addToHistory(deps: Deps, input: { userId: string; videoId: string }): Promise<string> {
  const { userId, videoId } = input;
  await usableVideo(deps.repos, videoId, userId);
  const watchedAt = await deps.repos.history.add(userId, videoId);
  await deps.events.publish('history.videoWatched', { userId, videoId, watchedAt });
  return watchedAt;
}

/** `position` in seconds; answers the position kept (at most the video's duration, to the millisecond). */
export async function saveWatchPosition(deps: Deps, input: { userId: string; videoId: string; position: number }): Promise<number> {
  const { userId, videoId, position } = input;
  const video = await usableVideo(deps.repos, videoId, userId);
  const duration = Number(video.duration);
  // A little past the end is clock drift of the player; far past it is a wrong video or a bad client.
  if (duration > 0 && position > duration + 5) throw invalid(`Position must be at most the video's duration (${duration} s)`);
  const saved = Math.round(Math.min(position, duration || position) * 1000) / 1000;
  await deps.repos.history.savePosition(userId, videoId, saved);
  await deps.events.publish('history.positionSaved', { userId, videoId, position: saved });
  return saved;
}

export async function removeFromHistory(deps: Deps, input: { userId: string; videoId: string }): Promise<void> {
  const { userId, videoId } = input;
  if (!(await deps.repos.history.remove(userId, videoId))) throw notFound('Video not found in watch history');
  await deps.events.publish('history.videoRemoved', { userId, videoId });
}

/** Answers how many entries went. */
export async function clearHistory(deps: Deps, input: { userId: string }): Promise<number> {
  const deletedCount = await deps.repos.history.clear(input.userId);
  await deps.events.publish('history.cleared', { userId: input.userId, deletedCount });
  return deletedCount;
}
