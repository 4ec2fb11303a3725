import type { Comment, CommentReaction } from '../../contract/entities.js';
import type { CommentLikerRow, CommentRow } from '../db/repositories/comments.js';
import type { MediaUrls } from '../media/urls.js';
import { toOwner } from './user.js';

export function toComment(row: CommentRow, urls: MediaUrls): Comment {
  return {
    _id: row.id,
    videoId: row.video_id,
    parentId: row.parent_id,
    content: row.content,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    owner: toOwner(row, urls),
    totalLikes: Number(row.likes_count),
    isLiked: Number(row.is_liked) === 1,
    pinned: row.pinned_at !== null,
    hearted: row.hearted_at !== null,
    heartedBy: row.hearted_at !== null ? { username: row.video_owner_username, avatar: urls.image(row.video_owner_avatar) } : null,
  };
}

export function toCommentReaction(row: CommentLikerRow, urls: MediaUrls): CommentReaction {
  return { likedById: row.user_id, likedByName: row.full_name, likedByAvatar: urls.image(row.avatar) };
}
