// Posting, editing and deleting comments. Content arrives checked (the route gives the spec's 400).
// A taken-down video takes no comment, reply or edit but from its owner and moderators (410,
// server/videos/visibility.ts); a blocked user neither comments on the blocker's videos nor
// replies to their comments, and cannot edit what they wrote there before the block (403).
import { forbidden, invalid, notFound } from '../domain/errors.js';
import { usableVideo } from '../videos/visibility.js';
import { isModerator } from '../domain/roles.js';
import type { UseCaseDeps } from './deps.js';

type Deps = Pick<UseCaseDeps, 'repos' | 'events'>;

const BLOCKED_FROM_COMMENTING = 'You cannot comment on this video';
const BLOCKED_FROM_REPLYING = 'You cannot reply to this comment';

/** Posts a comment, or a reply (a reply to a reply joins the top-level thread). Returns its id. */
export async function postComment(deps: Deps, input: { videoId: string; authorId: string; content: string; parentId?: string | null }): Promise<string> {
  const { comments } = deps.repos;
  const { videoId, authorId, content } = input;
  const video = await usableVideo(deps.repos, videoId, authorId);
  if (await deps.repos.blocks.isBlocked(video.owner_id, authorId)) throw forbidden(BLOCKED_FROM_COMMENTING);
  let parentId: string | null = null;
  let repliedToAuthorId: string | null = null;
  if (input.parentId) {
    const parent = await comments.findById(input.parentId);
    if (!parent) throw notFound('Parent comment not found');
    if (parent.video_id !== videoId) throw invalid('A reply must be on the same video as its comment');
    if (await deps.repos.blocks.isBlocked(parent.owner_id, authorId)) throw forbidden(BLOCKED_FROM_REPLYING);
    parentId = parent.parent_id ?? parent.id;
    repliedToAuthorId = parent.owner_id;
  }
  const created = await comments.create({ videoId, ownerId: authorId, parentId, content });
  if (created === 'no-video') throw notFound('Video not found');
  if (created === 'no-parent') throw notFound('Parent comment not found');
  await deps.events.publish('comment.posted', { commentId: created, videoId, authorId, repliedToAuthorId, videoOwnerId: video.owner_id });
  return created;
}

export async function editComment(deps: Deps, input: { commentId: string; callerId: string; content: string }): Promise<void> {
  const row = await deps.repos.comments.findById(input.commentId);
  if (!row) throw notFound('Comment not found');
  if (row.owner_id !== input.callerId) throw forbidden('You are not allowed to edit this comment');
  const video = await usableVideo(deps.repos, row.video_id, input.callerId);
  const { blocks, comments } = deps.repos;
  if (await blocks.isBlocked(video.owner_id, input.callerId)) throw forbidden(BLOCKED_FROM_COMMENTING);
  const parent = row.parent_id ? await comments.findById(row.parent_id) : undefined;
  if (parent && (await blocks.isBlocked(parent.owner_id, input.callerId))) throw forbidden(BLOCKED_FROM_REPLYING);
  await deps.repos.comments.updateContent(row.id, input.content);
  await deps.events.publish('comment.edited', { commentId: row.id, videoId: row.video_id });
}

/**
 * Deletes a comment and its replies: its author, the video's owner, or a moderator or admin (whose
 * removal of someone else's comment goes in the moderation log). `deletedCount` 0 when it was already gone.
 */
export async function deleteComment(deps: Deps, input: { commentId: string; callerId: string }): Promise<{ _id: string; videoId: string; deletedCount: number }> {
  const { comments, moderation, videos } = deps.repos;
  const row = await comments.findById(input.commentId);
  if (!row) throw notFound('Comment not found');
  let deletedCount: number;
  if (row.owner_id === input.callerId || (await videos.findState(row.video_id))?.owner_id === input.callerId) {
    deletedCount = await comments.delete(row.id, row.video_id);
  } else {
    if (!isModerator(await moderation.roleOf(input.callerId))) throw forbidden('You are not allowed to delete this comment');
    deletedCount = await moderation.removeComment(input.callerId, row, (trx) => comments.removeIn(trx, row.id, row.video_id));
    if (deletedCount) await deps.events.publish('moderation.logged', { action: 'comment-removed' });
  }
  if (deletedCount) await deps.events.publish('comment.deleted', { commentId: row.id, videoId: row.video_id });
  return { _id: row.id, videoId: row.video_id, deletedCount };
}

/** The comment, when `callerId` owns the video it is under (who pins and hearts). */
async function commentOnOwnVideo(deps: Deps, commentId: string, callerId: string, action: 'pin' | 'heart') {
  const row = await deps.repos.comments.findById(commentId);
  if (!row) throw notFound('Comment not found');
  if ((await deps.repos.videos.findState(row.video_id))?.owner_id !== callerId) throw forbidden(`Only the video's owner can ${action} its comments`);
  return row;
}

/** Pins the comment (unpinning the video's previous one), or unpins it when it is pinned. */
export async function togglePin(deps: Deps, input: { commentId: string; callerId: string }): Promise<void> {
  const row = await commentOnOwnVideo(deps, input.commentId, input.callerId, 'pin');
  const pinned = row.pinned_at === null;
  await deps.repos.comments.setPinned(row.id, row.video_id, pinned);
  await deps.events.publish('comment.pinToggled', { commentId: row.id, videoId: row.video_id, pinned });
}

export async function toggleHeart(deps: Deps, input: { commentId: string; callerId: string }): Promise<void> {
  const row = await commentOnOwnVideo(deps, input.commentId, input.callerId, 'heart');
  const hearted = row.hearted_at === null;
  await deps.repos.comments.setHearted(row.id, hearted);
  await deps.events.publish('comment.heartToggled', { commentId: row.id, videoId: row.video_id, hearted });
}
