// Watch later: the user's own list of videos saved to watch, newest first. Saving again keeps the
// entry where it is (a replayed offline save must not reorder the list).
import type { DB } from '../kysely.js';
import { now } from '../kysely.js';
import { LISTED_STATUS, notModerated, selectVideoCards, type VideoCardRow } from './videoCards.js';
import type { PageWindow } from './videos.js';

export class WatchLaterRepository {
  constructor(private readonly db: DB) {}

  /** Saves the video; returns when it was saved and whether this call added it. */
  async add(userId: string, videoId: string): Promise<{ savedAt: string; added: boolean }> {
    const inserted = await this.db
      .insertInto('watch_later')
      .values({ user_id: userId, video_id: videoId, saved_at: now() })
      .onConflict((oc) => oc.columns(['user_id', 'video_id']).doNothing())
      .returning('saved_at')
      .executeTakeFirst();
    if (inserted) return { savedAt: inserted.saved_at, added: true };
    const existing = await this.db
      .selectFrom('watch_later')
      .select('saved_at')
      .where('user_id', '=', userId)
      .where('video_id', '=', videoId)
      .executeTakeFirstOrThrow();
    return { savedAt: existing.saved_at, added: false };
  }

  /** Removes the video from the list; false when it was not there. */
  async remove(userId: string, videoId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('watch_later').where('user_id', '=', userId).where('video_id', '=', videoId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async has(userId: string, videoId: string): Promise<boolean> {
    const row = await this.db.selectFrom('watch_later').select('video_id').where('user_id', '=', userId).where('video_id', '=', videoId).executeTakeFirst();
    return row !== undefined;
  }

  /** The newest `max` saved videos that are ready and listed: what smart downloads keep. */
  readyVideos(userId: string, max: number): Promise<VideoCardRow[]> {
    return selectVideoCards(this.db)
      .innerJoin('watch_later as entry', 'entry.video_id', 'videos.id')
      .where('entry.user_id', '=', userId)
      .where('videos.status', '=', LISTED_STATUS)
      .where(notModerated(now()))
      .orderBy('entry.saved_at', 'desc')
      .orderBy('videos.id', 'desc')
      .limit(max)
      .execute();
  }

  /** Newest first, taken-down videos and those of suspended owners left out. limit+1 rows. */
  list(userId: string, window: PageWindow): Promise<Array<VideoCardRow & { saved_at: string }>> {
    return selectVideoCards(this.db)
      .innerJoin('watch_later as entry', 'entry.video_id', 'videos.id')
      .select('entry.saved_at')
      .where('entry.user_id', '=', userId)
      .where(notModerated(now()))
      .orderBy('entry.saved_at', 'desc')
      .orderBy('videos.id', 'desc')
      .limit(window.limit + 1)
      .offset(window.offset)
      .execute();
  }
}
