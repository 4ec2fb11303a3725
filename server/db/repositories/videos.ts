import { sql, type Transaction } from 'kysely';
import type { DatabaseDialect } from '../../config.js';
import { newId } from '../../ids.js';
import type { DB } from '../kysely.js';
import { now } from '../kysely.js';
import type { Database, VideoStatus } from '../schema.js';
import { prepareQuery } from '../prepared.js';
import { LISTED_STATUS, notModerated, ownerNotSuspended, selectVideoCards, statusColumn, videoCardColumns, type VideoCardRow } from './videoCards.js';

export interface NewVideo {
  id?: string;
  ownerId: string;
  title: string;
  description: string;
  status: VideoStatus;
  duration: number;
  width?: number;
  height?: number;
  thumbnail: string;
  sourceKey: string;
  /** Browsers play the source as it is. */
  sourcePlayable?: boolean;
}

export interface VideoDetailRow extends VideoCardRow {
  dislikes_count: number;
  comments_count: number;
  updated_at: string;
}

/** What deleting a video needs to know, and what removeVideoFiles takes. */
export interface OwnedVideoRow {
  id: string;
  owner_id: string;
  source_key: string;
  thumbnail: string;
}

/** What the visibility rule (server/videos/visibility.ts) and the routes behind it need. */
export interface VideoStateRow {
  id: string;
  owner_id: string;
  status: VideoStatus;
  duration: number;
  /** Set while a moderator has it down. */
  taken_down_at: string | null;
}

export interface PageWindow {
  limit: number;
  offset: number;
}

/**
 * Locks a video's row until the transaction ends, so counter changes on it (views, reactions,
 * deletion) serialize on PostgreSQL. SQLite runs one transaction at a time anyway.
 */
export function lockVideo(trx: Transaction<Database>, dialect: DatabaseDialect, videoId: string) {
  let query = trx.selectFrom('videos').select(['id', 'owner_id', 'source_key', 'thumbnail', 'taken_down_at']).where('id', '=', videoId);
  if (dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

/** `lower(title) LIKE %q%` with the wildcards in q taken literally. */
function titleContains(q: string) {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(videos.title) like ${pattern} escape '\\'`;
}

export class VideoRepository {
  /** The hot reads, compiled once (db/prepared.ts). */
  private readonly prepared;

  /** `dialect` matters only for the methods that lock rows (remove) and the subscriptions feed's plan. */
  constructor(
    private readonly db: DB,
    private readonly dialect: DatabaseDialect,
  ) {
    this.prepared = {
      detail: prepareQuery(this.db, [''], (id: string) =>
        selectVideoCards(this.db).select(['videos.dislikes_count', 'videos.comments_count', 'videos.updated_at']).where('videos.id', '=', id),
      ),
      feed: prepareQuery(this.db, ['', 0, 0], (at: string, limit: number, offset: number) =>
        selectVideoCards(this.db).where('videos.status', '=', LISTED_STATUS).where(notModerated(at)).orderBy('videos.id', 'desc').limit(limit).offset(offset),
      ),
      feedExcept: prepareQuery(this.db, ['', '', 0, 0], (at: string, excludeId: string, limit: number, offset: number) =>
        selectVideoCards(this.db)
          .where('videos.status', '=', LISTED_STATUS)
          .where(notModerated(at))
          .where('videos.id', '!=', excludeId)
          .orderBy('videos.id', 'desc')
          .limit(limit)
          .offset(offset),
      ),
    };
  }

  async create(video: NewVideo): Promise<string> {
    const at = now();
    const id = video.id ?? newId();
    await this.db
      .insertInto('videos')
      .values({
        id,
        owner_id: video.ownerId,
        title: video.title,
        description: video.description,
        status: video.status,
        duration: video.duration,
        width: video.width ?? 0,
        height: video.height ?? 0,
        thumbnail: video.thumbnail,
        source_key: video.sourceKey,
        source_playable: video.sourcePlayable ? 1 : 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
    return id;
  }

  findOwned(id: string): Promise<OwnedVideoRow | undefined> {
    return this.db.selectFrom('videos').select(['id', 'owner_id', 'source_key', 'thumbnail']).where('id', '=', id).executeTakeFirst();
  }

  findState(id: string): Promise<VideoStateRow | undefined> {
    return this.db.selectFrom('videos').select(['id', 'owner_id', 'status', 'duration', 'taken_down_at']).where('id', '=', id).executeTakeFirst();
  }

  findCard(id: string): Promise<VideoCardRow | undefined> {
    return selectVideoCards(this.db).where('videos.id', '=', id).executeTakeFirst();
  }

  async findDetail(id: string): Promise<VideoDetailRow | undefined> {
    return (await this.prepared.detail(id))[0];
  }

  /** Ready videos, newest first on the stable key (UUIDv7 ids are time-ordered). limit+1 rows. */
  feed(window: PageWindow, excludeId?: string): Promise<VideoCardRow[]> {
    return excludeId ? this.prepared.feedExcept(now(), excludeId, window.limit + 1, window.offset) : this.prepared.feed(now(), window.limit + 1, window.offset);
  }

  /**
   * Ready videos of the channels `subscriberId` follows, newest first. limit+1 rows. A page can only
   * hold each followed channel's newest offset+limit+1 listed videos, so each channel is read as one
   * backward range of videos_owner_id and only follows x page depth rows are sorted, however many
   * videos there are. The plan must not depend on the planner's statistics: with stale ones (a few
   * follows added after the last ANALYZE) PostgreSQL read every video of every followed channel
   * (1.5 s at a million videos), and SQLite, which has none unless ANALYZE ran, walked every ready
   * video backwards (0.8 s for page 11). So PostgreSQL takes each channel's newest rows in a LATERAL
   * subquery, and SQLite (no LATERAL) bounds each channel's range by the oldest of those rows (see
   * statusColumn for its status terms).
   */
  subscriptionFeed(subscriberId: string, window: PageWindow): Promise<VideoCardRow[]> {
    const needed = window.offset + window.limit + 1;
    if (this.dialect === 'postgres') {
      return this.db
        .selectFrom('subscriptions')
        .innerJoinLateral(
          (eb) =>
            eb
              .selectFrom('videos')
              .selectAll()
              .whereRef('videos.owner_id', '=', 'subscriptions.channel_id')
              .where('videos.status', '=', LISTED_STATUS)
              .where('videos.taken_down_at', 'is', null)
              .orderBy('videos.id', 'desc')
              .limit(needed)
              .as('videos'),
          (join) => join.onTrue(),
        )
        .innerJoin('users as owner', 'owner.id', 'videos.owner_id')
        .select(videoCardColumns)
        .where('subscriptions.subscriber_id', '=', subscriberId)
        .where(ownerNotSuspended(now()))
        .orderBy('videos.id', 'desc')
        .limit(window.limit + 1)
        .offset(window.offset)
        .execute();
    }
    return selectVideoCards(this.db)
      .innerJoin('subscriptions', 'subscriptions.channel_id', 'videos.owner_id')
      .where('subscriptions.subscriber_id', '=', subscriberId)
      .where(statusColumn(this.dialect), '=', LISTED_STATUS)
      .where(notModerated(now()))
      .where((eb) =>
        eb(
          'videos.id',
          '>=',
          eb.fn.coalesce(
            eb
              .selectFrom('videos as newer')
              .select('newer.id')
              .whereRef('newer.owner_id', '=', 'subscriptions.channel_id')
              .where(statusColumn(this.dialect, 'newer'), '=', LISTED_STATUS)
              .where('newer.taken_down_at', 'is', null)
              .orderBy('newer.id', 'desc')
              .limit(1)
              .offset(needed - 1),
            sql.lit(''),
          ),
        ),
      )
      .orderBy('videos.id', 'desc')
      .limit(window.limit + 1)
      .offset(window.offset)
      .execute();
  }

  /** A user's uploads newest first; other callers see only ready ones. limit+1 rows. */
  uploadedBy(ownerId: string, window: PageWindow, options: { allStatuses: boolean; q?: string }): Promise<VideoCardRow[]> {
    let query = selectVideoCards(this.db).where('videos.owner_id', '=', ownerId);
    if (!options.allStatuses) query = query.where(statusColumn(this.dialect), '=', LISTED_STATUS).where(notModerated(now()));
    if (options.q) query = query.where(titleContains(options.q));
    return query.orderBy('videos.id', 'desc').limit(window.limit + 1).offset(window.offset).execute();
  }

  async countUploadedBy(ownerId: string, q?: string): Promise<number> {
    let query = this.db.selectFrom('videos').select((eb) => eb.fn.countAll<number>().as('total')).where('owner_id', '=', ownerId);
    if (q) query = query.where(titleContains(q));
    const row = await query.executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  /**
   * Changes title, description and thumbnail together (one statement, under the row's lock so two
   * edits cannot both think they replaced the same image). Answers the thumbnail it replaced, for
   * the caller to remove, or undefined when the video is gone.
   */
  updateDetails(id: string, changes: { title?: string; description?: string; thumbnail?: string }): Promise<{ previousThumbnail: string } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const before = await lockVideo(trx, this.dialect, id);
      if (!before) return undefined;
      await trx
        .updateTable('videos')
        .set({ ...changes, updated_at: now() })
        .where('id', '=', id)
        .execute();
      return { previousThumbnail: before.thumbnail };
    });
  }

  /** Every thumbnail image name, for the sweep of unreferenced images. */
  async thumbnailNames(): Promise<string[]> {
    const rows = await this.db.selectFrom('videos').select('thumbnail').where('thumbnail', '!=', '').execute();
    return rows.map((row) => row.thumbnail);
  }

  async setStatus(id: string, status: VideoStatus): Promise<void> {
    await this.db.updateTable('videos').set({ status, updated_at: now() }).where('id', '=', id).execute();
  }

  /** Every video of an owner, for deleting them all. */
  listOwned(ownerId: string): Promise<OwnedVideoRow[]> {
    return this.db.selectFrom('videos').select(['id', 'owner_id', 'source_key', 'thumbnail']).where('owner_id', '=', ownerId).orderBy('id').execute();
  }

  /**
   * Deletes video rows (reactions, comments, views, history and playlist links cascade) and keeps
   * playlists.videos_count exact. Returns the rows actually deleted, whose files the caller removes.
   */
  async remove(ids: string[]): Promise<OwnedVideoRow[]> {
    if (!ids.length) return [];
    return this.db.transaction().execute(async (trx) => {
      const deleted: OwnedVideoRow[] = [];
      // One by one in id order: the lock stops a concurrent add-to-playlist from slipping in
      // between the decrement and the cascade.
      for (const id of [...ids].sort()) {
        const row = await lockVideo(trx, this.dialect, id);
        if (!row) continue;
        await trx
          .updateTable('playlists')
          .set((eb) => ({ videos_count: eb('videos_count', '-', 1) }))
          .where('id', 'in', trx.selectFrom('playlist_videos').select('playlist_id').where('video_id', '=', id))
          .execute();
        await trx.deleteFrom('videos').where('id', '=', id).execute();
        deleted.push(row);
      }
      return deleted;
    });
  }
}
