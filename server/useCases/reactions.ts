// Likes and disLikes of videos, likes of comments.
import type { ReactionType } from '../../contract/entities.js';
import { notFound } from '../domain/errors.js';
import type { UseCaseDeps } from './deps.js';

type Deps = Pick<UseCaseDeps, 'repos' | 'events'>;

export async function toggleVideoReaction(deps: Deps, input: { userId: string; videoId: string; reactionType: ReactionType }) {
  const state = await deps.repos.reactions.toggleVideo(input.userId, input.videoId, input.reactionType);
  if (!state) throw notFound('Video not found');
  await deps.events.publish('video.reactionsChanged', { videoId: input.videoId, likes: state.likes, disLikes: state.disLikes });
  return state;
}

/** Removes every like of the user; returns how many videos they had liked. */
export async function clearLikedVideos(deps: Deps, input: { userId: string }): Promise<number> {
  const videoIds = await deps.repos.reactions.clearLikes(input.userId);
  for (const videoId of videoIds) {
    const counts = await deps.repos.videos.findDetail(videoId);
    if (counts) await deps.events.publish('video.reactionsChanged', { videoId, likes: counts.likes_count, disLikes: counts.dislikes_count });
  }
  return videoIds.length;
}

/** `claimedVideoId`: when the client names the video, the comment must be on it. */
export async function toggleCommentLike(deps: Deps, input: { userId: string; commentId: string; claimedVideoId?: string }) {
  const result = await deps.repos.reactions.toggleComment(input.userId, input.commentId, input.claimedVideoId);
  if (!result) throw notFound('Comment not found');
  await deps.events.publish('comment.likeToggled', { commentId: input.commentId, videoId: result.videoId, totalLikes: result.totalLikes });
  return { isLiked: result.isLiked, totalLikes: result.totalLikes };
}
