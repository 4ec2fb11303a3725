// Playlists and their videos. playlists.videos_count changes in the same transaction as the
// link rows. Lock order everywhere: the video's row, then the playlist's row (VideoRepository
// removes videos the same way), so PostgreSQL never deadlocks and counters stay exact.
import { sql } from 'kysely';
import type { DatabaseDialect } from '../../config.js';
import { newId } from '../../ids.js';
import type { DB } from '../kysely.js';
import { now } from '../kysely.js';
import { notModerated, ownerColumns, selectVideoCards, videoCardColumns, type OwnerColumnsRow, type VideoCardRow } from './videoCards.js';
import { lockVideo, type PageWindow } from './videos.js';

export interface PlaylistRow extends OwnerColumnsRow {
  id: string;
  name: string;
  description: string;
  videos_count: number;
  created_at: string;
  updated_at: string;
}

export type PlaylistVideoRow = VideoCardRow & { playlist_id: string; added_at: string };

export type AddVideoOutcome = 'added' | 'duplicate' | 'no-video' | 'no-playlist';

export class PlaylistRepository {
  constructor(
    private readonly db: DB,
    private readonly dialect: DatabaseDialect,
  ) {}

  /** Playlists joined with their owner: what every answer starts from. */
  selectPlaylists() {
    return this.db
      .selectFrom('playlists')
      .innerJoin('users as owner', 'owner.id', 'playlists.owner_id')
      .select([
        'playlists.id',
        'playlists.name',
        'playlists.description',
        'playlists.videos_count',
        'playlists.created_at',
        'playlists.updated_at',
        ...ownerColumns,
      ]);
  }

  async create(ownerId: string, name: string, description: string): Promise<string> {
    const at = now();
    const id = newId();
    await this.db.insertInto('playlists').values({ id, owner_id: ownerId, name, description, created_at: at, updated_at: at }).execute();
    return id;
  }

  findById(id: string): Promise<PlaylistRow | undefined> {
    return this.selectPlaylists().where('playlists.id', '=', id).executeTakeFirst();
  }

  /** A user's playlists, newest first. limit+1 rows. */
  listByOwner(ownerId: string, window: PageWindow): Promise<PlaylistRow[]> {
    return this.selectPlaylists()
      .where('playlists.owner_id', '=', ownerId)
      .orderBy('playlists.id', 'desc')
      .limit(window.limit + 1)
      .offset(window.offset)
      .execute();
  }

  /** One page of a playlist's videos, most recently added first. limit+1 rows. */
  videos(playlistId: string, window: PageWindow): Promise<PlaylistVideoRow[]> {
    return selectVideoCards(this.db)
      .innerJoin('playlist_videos as link', 'link.video_id', 'videos.id')
      .select(['link.playlist_id', 'link.added_at'])
      .where('link.playlist_id', '=', playlistId)
      .where(notModerated(now()))
      .orderBy('link.added_at', 'desc')
      .orderBy('videos.id', 'desc')
      .limit(window.limit + 1)
      .offset(window.offset)
      .execute();
  }

  /** The `perPlaylist` most recently added videos of each playlist, in one query. */
  async previews(playlistIds: string[], perPlaylist: number): Promise<Map<string, PlaylistVideoRow[]>> {
    const byPlaylist = new Map<string, PlaylistVideoRow[]>(playlistIds.map((id) => [id, []]));
    if (!playlistIds.length) return byPlaylist;
    const ranked = this.db
      .selectFrom('playlist_videos')
      .select([
        'playlist_id',
        'video_id',
        'added_at',
        sql<number>`row_number() over (partition by playlist_id order by added_at desc, video_id desc)`.as('position'),
      ])
      .where('playlist_id', 'in', playlistIds)
      .as('link');
    const rows = (await this.db
      .selectFrom(ranked)
      .innerJoin('videos', 'videos.id', 'link.video_id')
      .innerJoin('users as owner', 'owner.id', 'videos.owner_id')
      .select([...videoCardColumns, 'link.playlist_id', 'link.added_at'])
      .where('link.position', '<=', perPlaylist)
      .where(notModerated(now()))
      .orderBy('link.added_at', 'desc')
      .orderBy('videos.id', 'desc')
      .execute()) as PlaylistVideoRow[];
    for (const row of rows) byPlaylist.get(row.playlist_id)?.push(row);
    return byPlaylist;
  }

  async update(id: string, changes: { name: string; description?: string }): Promise<void> {
    await this.db
      .updateTable('playlists')
      .set({ ...changes, updated_at: now() })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('playlists').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async addVideo(playlistId: string, videoId: string): Promise<AddVideoOutcome> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await lockVideo(trx, this.dialect, videoId))) return 'no-video';
      let playlist = trx.selectFrom('playlists').select('id').where('id', '=', playlistId);
      if (this.dialect === 'postgres') playlist = playlist.forUpdate();
      if (!(await playlist.executeTakeFirst())) return 'no-playlist';
      // Strictly after the newest link, so 'most recently added first' holds within a millisecond.
      const newest = await trx
        .selectFrom('playlist_videos')
        .select((eb) => eb.fn.max('added_at').as('added_at'))
        .where('playlist_id', '=', playlistId)
        .executeTakeFirst();
      let addedAt = now();
      if (newest?.added_at && newest.added_at >= addedAt) addedAt = new Date(Date.parse(newest.added_at) + 1).toISOString();
      const inserted = await trx
        .insertInto('playlist_videos')
        .values({ playlist_id: playlistId, video_id: videoId, added_at: addedAt })
        .onConflict((oc) => oc.columns(['playlist_id', 'video_id']).doNothing())
        .executeTakeFirst();
      if (!Number(inserted.numInsertedOrUpdatedRows ?? 0)) return 'duplicate';
      await trx
        .updateTable('playlists')
        .set((eb) => ({ videos_count: eb('videos_count', '+', 1), updated_at: addedAt }))
        .where('id', '=', playlistId)
        .execute();
      return 'added';
    });
  }

  /** False when the video was not in the playlist. */
  async removeVideo(playlistId: string, videoId: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await lockVideo(trx, this.dialect, videoId);
      const deleted = await trx
        .deleteFrom('playlist_videos')
        .where('playlist_id', '=', playlistId)
        .where('video_id', '=', videoId)
        .executeTakeFirst();
      if (!Number(deleted.numDeletedRows)) return false;
      await trx
        .updateTable('playlists')
        .set((eb) => ({ videos_count: eb('videos_count', '-', 1), updated_at: now() }))
        .where('id', '=', playlistId)
        .execute();
      return true;
    });
  }
}
