// Watch history: one entry per user and video; watching again moves it to the top.
import type { DB } from '../kysely.js';
import { now } from '../kysely.js';
import { notModerated, selectVideoCards, type VideoCardRow } from './videoCards.js';
import type { PageWindow } from './videos.js';

export class HistoryRepository {
  constructor(private readonly db: DB) {}

  /** Adds or moves the entry to the top; returns its watchedAt. */
  async add(userId: string, videoId: string): Promise<string> {
    const newest = await this.db
      .selectFrom('watch_history')
      .select('watched_at')
      .where('user_id', '=', userId)
      .orderBy('watched_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    // Two adds in the same millisecond must still order: stay strictly after the current top.
    let watchedAt = now();
    if (newest && newest.watched_at >= watchedAt) watchedAt = new Date(Date.parse(newest.watched_at) + 1).toISOString();
    await this.db
      .insertInto('watch_history')
      .values({ user_id: userId, video_id: videoId, watched_at: watchedAt })
      .onConflict((oc) => oc.columns(['user_id', 'video_id']).doUpdateSet({ watched_at: watchedAt }))
      .execute();
    return watchedAt;
  }

  /**
   * Saves where the user is in the video. A video not in the history yet enters it at the
   * top; one already there keeps its place (saving every few seconds must not reorder the list).
   */
  async savePosition(userId: string, videoId: string, position: number): Promise<void> {
    await this.db
      .insertInto('watch_history')
      .values({ user_id: userId, video_id: videoId, watched_at: now(), position })
      .onConflict((oc) => oc.columns(['user_id', 'video_id']).doUpdateSet({ position }))
      .execute();
  }

  /** The saved position in seconds; null when the video is not in the user's history. */
  async positionOf(userId: string, videoId: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('watch_history')
      .select('position')
      .where('user_id', '=', userId)
      .where('video_id', '=', videoId)
      .executeTakeFirst();
    return row ? Number(row.position) : null;
  }

  /** Newest first. limit+1 rows. */
  list(userId: string, window: PageWindow): Promise<Array<VideoCardRow & { watched_at: string; position: number }>> {
    return selectVideoCards(this.db)
      .innerJoin('watch_history as entry', 'entry.video_id', 'videos.id')
      .select(['entry.watched_at', 'entry.position'])
      .where('entry.user_id', '=', userId)
      .where(notModerated(now()))
      .orderBy('entry.watched_at', 'desc')
      .orderBy('videos.id', 'desc')
      .limit(window.limit + 1)
      .offset(window.offset)
      .execute();
  }

  /** Removes one entry; false when it was not there. */
  async remove(userId: string, videoId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('watch_history').where('user_id', '=', userId).where('video_id', '=', videoId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async clear(userId: string): Promise<number> {
    const result = await this.db.deleteFrom('watch_history').where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
