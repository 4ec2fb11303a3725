// Counting a view (once per viewer within the repository's window).
import { notFound } from '../domain/errors.js';
import { reachOf } from '../domain/videoReach.js';
import type { UseCaseDeps } from './deps.js';

export async function recordView(deps: Pick<UseCaseDeps, 'repos' | 'events'>, input: { userId: string; videoId: string }) {
  const result = await deps.repos.views.add(input.userId, input.videoId);
  if (!result) throw notFound('Video not found');
  if (result.counted) await deps.events.publish('video.viewed', { videoId: input.videoId, totalViews: result.totalViews, actorId: input.userId, ...reachOf(result.video) });
  return result;
}
