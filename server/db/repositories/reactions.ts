// Likes and dislikes of videos, likes of comments. Every change moves the denormalized
// counters in the same transaction, under a lock on the reacted-to row, so they stay exact.
import type { DatabaseDialect } from '../../config.js';
import type { DatabaseHandle, DB } from '../kysely.js';
import { now } from '../kysely.js';
import type { ReactionType } from '../schema.js';
import { notModerated, selectVideoCards, type VideoCardRow } from './videoCards.js';
import { lockVideo, type PageWindow } from './videos.js';

const counterOf = { like: 'likes_count', disLike: 'dislikes_count' } as const;

export interface VideoReactionState {
  reactionType: ReactionType | null;
  likes: number;
  disLikes: number;
}

export interface ReactorRow {
  user_id: string;
  username: string;
  full_name: string;
  avatar: string;
}

export class ReactionRepository {
  private readonly db: DB;
  private readonly dialect: DatabaseDialect;

  constructor(handle: DatabaseHandle) {
    this.db = handle.db;
    this.dialect = handle.dialect;
  }

  async reactionOf(userId: string, videoId: string): Promise<ReactionType | null> {
    const row = await this.db
      .selectFrom('video_reactions')
      .select('type')
      .where('user_id', '=', userId)
      .where('video_id', '=', videoId)
      .executeTakeFirst();
    return row?.type ?? null;
  }

  /** Like or dislike; the other one is replaced, the same one again is removed. undefined: no such video. */
  toggleVideo(userId: string, videoId: string, type: ReactionType): Promise<VideoReactionState | undefined> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await lockVideo(trx, this.dialect, videoId))) return undefined;
      const existing = await trx
        .selectFrom('video_reactions')
        .select('type')
        .where('user_id', '=', userId)
        .where('video_id', '=', videoId)
        .executeTakeFirst();
      const bump = (type: ReactionType, by: 1 | -1) =>
        trx
          .updateTable('videos')
          .set((eb) => ({ [counterOf[type]]: eb(counterOf[type], by > 0 ? '+' : '-', 1) }))
          .where('id', '=', videoId)
          .execute();
      let reactionType: ReactionType | null = type;
      if (!existing) {
        await trx.insertInto('video_reactions').values({ user_id: userId, video_id: videoId, type, created_at: now() }).execute();
        await bump(type, 1);
      } else if (existing.type === type) {
        await trx.deleteFrom('video_reactions').where('user_id', '=', userId).where('video_id', '=', videoId).execute();
        await bump(type, -1);
        reactionType = null;
      } else {
        await trx
          .updateTable('video_reactions')
          .set({ type, created_at: now() })
          .where('user_id', '=', userId)
          .where('video_id', '=', videoId)
          .execute();
        await bump(existing.type, -1);
        await bump(type, 1);
      }
      const counts = await trx.selectFrom('videos').select(['likes_count', 'dislikes_count']).where('id', '=', videoId).executeTakeFirstOrThrow();
      return { reactionType, likes: Number(counts.likes_count), disLikes: Number(counts.dislikes_count) };
    });
  }

  /** Who reacted to a video with `type`, newest first. */
  reactorsOf(videoId: string, type: ReactionType, window: PageWindow): Promise<ReactorRow[]> {
    return this.db
      .selectFrom('video_reactions')
      .innerJoin('users', 'users.id', 'video_reactions.user_id')
      .select(['users.id as user_id', 'users.username', 'users.full_name', 'users.avatar'])
      .where('video_reactions.video_id', '=', videoId)
      .where('video_reactions.type', '=', type)
      .orderBy('video_reactions.created_at', 'desc')
      .orderBy('video_reactions.user_id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute();
  }

  /** The videos a user likes, most recently liked first. limit+1 rows. */
  likedVideos(userId: string, window: PageWindow): Promise<Array<VideoCardRow & { liked_at: string }>> {
    return selectVideoCards(this.db)
      .innerJoin('video_reactions as reaction', 'reaction.video_id', 'videos.id')
      .select('reaction.created_at as liked_at')
      .where('reaction.user_id', '=', userId)
      .where('reaction.type', '=', 'like')
      .where(notModerated(now()))
      .orderBy('reaction.created_at', 'desc')
      .orderBy('videos.id', 'desc')
      .limit(window.limit + 1)
      .offset(window.offset)
      .execute();
  }

  /** Removes all of a user's likes; returns the ids of the videos whose counts changed. */
  clearLikes(userId: string): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      // Lock the liked videos first (as a toggle does), then decrement exactly for the rows deleted.
      const liked = await trx.selectFrom('video_reactions').select('video_id').where('user_id', '=', userId).where('type', '=', 'like').orderBy('video_id').execute();
      for (const { video_id } of liked) await lockVideo(trx, this.dialect, video_id);
      const deleted = await trx
        .deleteFrom('video_reactions')
        .where('user_id', '=', userId)
        .where('type', '=', 'like')
        .returning('video_id')
        .execute();
      const ids = deleted.map((row) => row.video_id);
      for (const id of ids) {
        await trx
          .updateTable('videos')
          .set((eb) => ({ likes_count: eb('likes_count', '-', 1) }))
          .where('id', '=', id)
          .execute();
      }
      return ids;
    });
  }

  /** Likes or unlikes a comment. undefined: no such comment (or not on `onVideo` when given). */
  toggleComment(userId: string, commentId: string, onVideo?: string): Promise<{ isLiked: boolean; totalLikes: number; videoId: string } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      let lock = trx.selectFrom('comments').select(['id', 'video_id']).where('id', '=', commentId);
      if (this.dialect === 'postgres') lock = lock.forUpdate();
      const comment = await lock.executeTakeFirst();
      if (!comment || (onVideo !== undefined && comment.video_id !== onVideo)) return undefined;
      const removed = await trx.deleteFrom('comment_likes').where('user_id', '=', userId).where('comment_id', '=', commentId).executeTakeFirst();
      const isLiked = Number(removed.numDeletedRows) === 0;
      if (isLiked) await trx.insertInto('comment_likes').values({ user_id: userId, comment_id: commentId, created_at: now() }).execute();
      await trx
        .updateTable('comments')
        .set((eb) => ({ likes_count: eb('likes_count', isLiked ? '+' : '-', 1) }))
        .where('id', '=', commentId)
        .execute();
      const row = await trx.selectFrom('comments').select('likes_count').where('id', '=', commentId).executeTakeFirstOrThrow();
      return { isLiked, totalLikes: Number(row.likes_count), videoId: comment.video_id };
    });
  }
}
