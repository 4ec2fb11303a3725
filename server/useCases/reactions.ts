// Likes and disLikes of videos, likes of comments. Nobody reacts to a taken-down video but its
// owner and moderators (410, server/videos/visibility.ts), and a blocked user reacts to nothing of
// the blocker's: their videos, their comments, or comments under their videos (403).
import type { ReactionType } from '../../contract/entities.js';
import { forbidden, notFound } from '../domain/errors.js';
import { reachOf } from '../domain/videoReach.js';
import { usableVideo } from '../videos/visibility.js';
import type { UseCaseDeps } from './deps.js';

type Deps = Pick<UseCaseDeps, 'repos' | 'events'>;

const BLOCKED_FROM_REACTING = 'You cannot react to this video';
const BLOCKED_FROM_LIKING_COMMENT = 'You cannot like this comment';

export async function toggleVideoReaction(deps: Deps, input: { userId: string; videoId: string; reactionType: ReactionType }) {
  const video = await usableVideo(deps.repos, input.videoId, input.userId);
  if (await deps.repos.blocks.isBlocked(video.owner_id, input.userId)) throw forbidden(BLOCKED_FROM_REACTING);
  const state = await deps.repos.reactions.toggleVideo(input.userId, input.videoId, input.reactionType);
  if (!state) throw notFound('Video not found');
  await deps.events.publish('video.reactionsChanged', {
    videoId: input.videoId,
    likes: state.likes,
    disLikes: state.disLikes,
    actorId: input.userId,
    actorReaction: state.reactionType,
    ...reachOf(video),
  });
  return state;
}

/** Removes every like of the user; returns how many videos they had liked. */
export async function clearLikedVideos(deps: Deps, input: { userId: string }): Promise<number> {
  const videoIds = await deps.repos.reactions.clearLikes(input.userId);
  for (const videoId of videoIds) {
    const video = await deps.repos.videos.findDetail(videoId);
    if (video) {
      const { likes_count: likes, dislikes_count: disLikes } = video;
      await deps.events.publish('video.reactionsChanged', { videoId, likes, disLikes, actorId: input.userId, actorReaction: null, ...reachOf(video) });
    }
  }
  return videoIds.length;
}

/** `claimedVideoId`: when the client names the video, the comment must be on it. */
export async function toggleCommentLike(deps: Deps, input: { userId: string; commentId: string; claimedVideoId?: string }) {
  const comment = await deps.repos.comments.findById(input.commentId);
  if (!comment || (input.claimedVideoId !== undefined && comment.video_id !== input.claimedVideoId)) throw notFound('Comment not found');
  const video = await usableVideo(deps.repos, comment.video_id, input.userId);
  const { blocks } = deps.repos;
  if ((await blocks.isBlocked(comment.owner_id, input.userId)) || (await blocks.isBlocked(video.owner_id, input.userId))) throw forbidden(BLOCKED_FROM_LIKING_COMMENT);
  const result = await deps.repos.reactions.toggleComment(input.userId, input.commentId, input.claimedVideoId);
  if (!result) throw notFound('Comment not found');
  await deps.events.publish('comment.likeToggled', {
    commentId: input.commentId,
    videoId: result.videoId,
    totalLikes: result.totalLikes,
    actorId: input.userId,
    actorLiked: result.isLiked,
    ...reachOf(video),
  });
  return { isLiked: result.isLiked, totalLikes: result.totalLikes };
}
