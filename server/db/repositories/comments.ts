// Comments and their one level of replies. videos.comments_count counts every row (replies
// too) and changes in the same transaction as the rows, so it stays exact.
import { type Selectable, sql, type Transaction } from 'kysely';
import type { DatabaseDialect } from '../../config.js';
import { newId } from '../../ids.js';
import type { DB } from '../kysely.js';
import { now } from '../kysely.js';
import { prepareQuery } from '../prepared.js';
import type { CommentLikesTable, CommentsTable, Database } from '../schema.js';

/** What a moderator's removal of a comment deleted, kept in its log entry so it can be put back. */
export interface CommentSnapshot {
  comments: Selectable<CommentsTable>[];
  likes: Selectable<CommentLikesTable>[];
}
import { ownerColumns, ownerNotSuspended, type OwnerColumnsRow } from './videoCards.js';
import { lockVideo } from './videos.js';

export interface CommentRow extends OwnerColumnsRow {
  id: string;
  video_id: string;
  parent_id: string | null;
  content: string;
  likes_count: number;
  created_at: string;
  updated_at: string;
  /** 1 when the viewer likes it. */
  is_liked: number;
  pinned_at: string | null;
  hearted_at: string | null;
  /** The video's owner: who pins and hearts. */
  video_owner_username: string;
  video_owner_avatar: string;
}

export interface CommentLikerRow {
  user_id: string;
  full_name: string;
  avatar: string;
}

export interface NewComment {
  videoId: string;
  ownerId: string;
  parentId: string | null;
  content: string;
}

/** Replies fetched with one page of top-level comments, at most. */
const REPLIES_PER_PAGE = 1000;

export class CommentRepository {
  /** Top-level comments of a page as everyone sees them (the read cache's query), compiled once (db/prepared.ts). */
  private readonly publicParents;

  /** Every change locks the video's row first (PostgreSQL), so adds, deletes and the video's own deletion serialize. */
  constructor(
    private readonly db: DB,
    private readonly dialect: DatabaseDialect,
  ) {
    this.publicParents = prepareQuery(this.db, ['', '', 0, 0], (at: string, videoId: string, limit: number, offset: number) =>
      this.selectComments(null)
        .where('comments.video_id', '=', videoId)
        .where('comments.parent_id', 'is', null)
        .where(ownerNotSuspended(at))
        // The pinned comment (one per video) heads the first page.
        .orderBy(sql`case when comments.pinned_at is null then 1 else 0 end`)
        .orderBy('comments.id', 'desc')
        .limit(limit)
        .offset(offset),
    );
  }

  private selectComments(viewerId: string | null) {
    return this.db
      .selectFrom('comments')
      .innerJoin('users as owner', 'owner.id', 'comments.owner_id')
      .innerJoin('videos', 'videos.id', 'comments.video_id')
      .innerJoin('users as video_owner', 'video_owner.id', 'videos.owner_id')
      .select([
        'comments.pinned_at',
        'comments.hearted_at',
        'video_owner.username as video_owner_username',
        'video_owner.avatar as video_owner_avatar',
        'comments.id',
        'comments.video_id',
        'comments.parent_id',
        'comments.content',
        'comments.likes_count',
        'comments.created_at',
        'comments.updated_at',
        ...ownerColumns,
      ])
      .select((eb) =>
        viewerId
          ? eb
              .case()
              .when(
                eb.exists(
                  eb
                    .selectFrom('comment_likes')
                    .select(sql.lit(1).as('one'))
                    .whereRef('comment_likes.comment_id', '=', 'comments.id')
                    .where('comment_likes.user_id', '=', viewerId),
                ),
              )
              .then(1)
              .else(0)
              .end()
              .as('is_liked')
          : sql<number>`0`.as('is_liked'),
      );
  }

  findById(id: string, viewerId: string | null = null): Promise<CommentRow | undefined> {
    return this.selectComments(viewerId).where('comments.id', '=', id).executeTakeFirst() as Promise<CommentRow | undefined>;
  }

  /**
   * One page of a video's top-level comments as everyone sees it (isLiked comes from likedAmong),
   * newest first, each followed by its replies in the order they were written (ids are UUIDv7, so
   * they sort by time).
   */
  async listForVideo(videoId: string, page: { limit: number; offset: number }): Promise<CommentRow[]> {
    // Comments by suspended users are hidden while the suspension lasts.
    const at = now();
    const parents = (await this.publicParents(at, videoId, page.limit, page.offset)) as CommentRow[];
    if (!parents.length) return [];
    const replies = (await this.selectComments(null)
      .where('comments.parent_id', 'in', parents.map((parent) => parent.id))
      .where(ownerNotSuspended(at))
      .orderBy('comments.id', 'asc')
      .limit(REPLIES_PER_PAGE)
      .execute()) as CommentRow[];
    const byParent = new Map<string, CommentRow[]>();
    for (const reply of replies) byParent.set(reply.parent_id!, [...(byParent.get(reply.parent_id!) ?? []), reply]);
    return parents.flatMap((parent) => [parent, ...(byParent.get(parent.id) ?? [])]);
  }

  /** Which of these comments `viewerId` likes (the per-caller part of a cached comment page). */
  async likedAmong(viewerId: string, commentIds: string[]): Promise<Set<string>> {
    if (!commentIds.length) return new Set();
    const rows = await this.db
      .selectFrom('comment_likes')
      .select('comment_id')
      .where('user_id', '=', viewerId)
      .where('comment_id', 'in', commentIds)
      .execute();
    return new Set(rows.map((row) => row.comment_id));
  }

  /** The new comment's id, or why it could not be added (the video or the parent went away). */
  async create(comment: NewComment): Promise<string | 'no-video' | 'no-parent'> {
    const at = now();
    const id = newId();
    return this.db.transaction().execute(async (trx) => {
      if (!(await lockVideo(trx, this.dialect, comment.videoId))) return 'no-video';
      if (comment.parentId && !(await trx.selectFrom('comments').select('id').where('id', '=', comment.parentId).executeTakeFirst())) {
        return 'no-parent';
      }
      await trx
        .insertInto('comments')
        .values({ id, video_id: comment.videoId, owner_id: comment.ownerId, parent_id: comment.parentId, content: comment.content, created_at: at, updated_at: at })
        .execute();
      await trx
        .updateTable('videos')
        .set((eb) => ({ comments_count: eb('comments_count', '+', 1) }))
        .where('id', '=', comment.videoId)
        .execute();
      return id;
    });
  }

  async updateContent(id: string, content: string): Promise<void> {
    await this.db.updateTable('comments').set({ content, updated_at: now() }).where('id', '=', id).execute();
  }

  /** Deletes the comment and its replies; returns how many rows went. */
  async delete(id: string, videoId: string): Promise<number> {
    return this.db.transaction().execute((trx) => this.deleteIn(trx, id, videoId));
  }

  /** `delete` inside the caller's transaction (a moderator's removal writes its log entry with it). */
  async deleteIn(trx: Transaction<Database>, id: string, videoId: string): Promise<number> {
    await lockVideo(trx, this.dialect, videoId);
    const replies = await trx.deleteFrom('comments').where('parent_id', '=', id).executeTakeFirst();
    const comment = await trx.deleteFrom('comments').where('id', '=', id).executeTakeFirst();
    const deleted = Number(replies.numDeletedRows) + Number(comment.numDeletedRows);
    if (deleted) {
      await trx
        .updateTable('videos')
        .set((eb) => ({ comments_count: eb('comments_count', '-', deleted) }))
        .where('id', '=', videoId)
        .execute();
    }
    return deleted;
  }

  /**
   * `deleteIn` keeping what it deleted (the comment, its replies and their likes), for a moderator's
   * removal, which can be undone (`restoreIn`).
   */
  async removeIn(trx: Transaction<Database>, id: string, videoId: string): Promise<{ deleted: number; snapshot: CommentSnapshot }> {
    await lockVideo(trx, this.dialect, videoId);
    const comments = await trx
      .selectFrom('comments')
      .selectAll()
      .where((eb) => eb.or([eb('id', '=', id), eb('parent_id', '=', id)]))
      .orderBy('id')
      .execute();
    const likes = comments.length
      ? await trx
          .selectFrom('comment_likes')
          .selectAll()
          .where(
            'comment_id',
            'in',
            comments.map((row) => row.id),
          )
          .execute()
      : [];
    return { deleted: await this.deleteIn(trx, id, videoId), snapshot: { comments, likes } };
  }

  /**
   * Puts back what `removeIn` took, under the video's lock: the comment and its replies with their
   * likes (but those of accounts deleted since, and replies whose author is gone), unpinned when
   * the video has pinned another meanwhile. 'no-video' when the video is gone, 'exists' when the
   * comment is back already; otherwise how many comments came back.
   */
  async restoreIn(trx: Transaction<Database>, videoId: string, snapshot: CommentSnapshot): Promise<number | 'no-video' | 'exists' | 'no-author'> {
    if (!(await lockVideo(trx, this.dialect, videoId))) return 'no-video';
    const ids = snapshot.comments.map((row) => row.id);
    if (!ids.length) return 'no-author';
    if (await trx.selectFrom('comments').select('id').where('id', 'in', ids).executeTakeFirst()) return 'exists';
    const people = [...new Set([...snapshot.comments.map((row) => row.owner_id), ...snapshot.likes.map((like) => like.user_id)])];
    const living = new Set((await trx.selectFrom('users').select('id').where('id', 'in', people).execute()).map((row) => row.id));
    const top = snapshot.comments.find((row) => row.parent_id === null);
    if (!top || !living.has(top.owner_id)) return 'no-author';
    const comments = [top, ...snapshot.comments.filter((row) => row.parent_id !== null && living.has(row.owner_id))];
    const kept = new Set(comments.map((row) => row.id));
    const likes = snapshot.likes.filter((like) => kept.has(like.comment_id) && living.has(like.user_id));
    const pinnedElsewhere = await trx.selectFrom('comments').select('id').where('video_id', '=', videoId).where('pinned_at', 'is not', null).executeTakeFirst();
    await trx
      .insertInto('comments')
      .values(
        comments.map((row) => ({
          ...row,
          video_id: videoId,
          likes_count: likes.filter((like) => like.comment_id === row.id).length,
          pinned_at: pinnedElsewhere ? null : row.pinned_at,
        })),
      )
      .execute();
    if (likes.length) await trx.insertInto('comment_likes').values(likes).execute();
    await trx
      .updateTable('videos')
      .set((eb) => ({ comments_count: eb('comments_count', '+', comments.length) }))
      .where('id', '=', videoId)
      .execute();
    return comments.length;
  }

  /** Pins or unpins a comment; pinning unpins the video's other one. */
  async setPinned(id: string, videoId: string, pinned: boolean): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await lockVideo(trx, this.dialect, videoId);
      if (pinned) await trx.updateTable('comments').set({ pinned_at: null }).where('video_id', '=', videoId).where('pinned_at', 'is not', null).execute();
      await trx.updateTable('comments').set({ pinned_at: pinned ? now() : null }).where('id', '=', id).execute();
    });
  }

  async setHearted(id: string, hearted: boolean): Promise<void> {
    await this.db.updateTable('comments').set({ hearted_at: hearted ? now() : null }).where('id', '=', id).execute();
  }

  /** Who liked a comment, most recent first. */
  likers(commentId: string): Promise<CommentLikerRow[]> {
    return this.db
      .selectFrom('comment_likes')
      .innerJoin('users', 'users.id', 'comment_likes.user_id')
      .select(['users.id as user_id', 'users.full_name', 'users.avatar'])
      .where('comment_likes.comment_id', '=', commentId)
      .orderBy('comment_likes.created_at', 'desc')
      .limit(1000)
      .execute();
  }
}
