// Views: one per signed-in user per video per 24 hours; videos.views_count moves with them.
import { VIEW_WINDOW_MS } from '../../../contract/limits.js';
import type { DatabaseDialect } from '../../config.js';
import { newId } from '../../ids.js';
import type { DatabaseHandle, DB } from '../kysely.js';
import { now } from '../kysely.js';
import { lockVideo } from './videos.js';

export class ViewRepository {
  private readonly db: DB;
  private readonly dialect: DatabaseDialect;

  constructor(handle: DatabaseHandle) {
    this.db = handle.db;
    this.dialect = handle.dialect;
  }

  /**
   * Counts a view unless this user viewed the video in the last 24 h. undefined: no such video.
   * `video`: the locked row's owner and takedown, which the view's domain event carries.
   */
  add(userId: string, videoId: string): Promise<{ totalViews: number; counted: boolean; video: { owner_id: string; taken_down_at: string | null } } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      // The lock makes check-then-insert exact when the same user sends many adds at once.
      const video = await lockVideo(trx, this.dialect, videoId);
      if (!video) return undefined;
      const at = now();
      const since = new Date(Date.parse(at) - VIEW_WINDOW_MS).toISOString();
      const recent = await trx
        .selectFrom('video_views')
        .select('id')
        .where('user_id', '=', userId)
        .where('video_id', '=', videoId)
        .where('viewed_at', '>', since)
        .executeTakeFirst();
      if (!recent) {
        await trx.insertInto('video_views').values({ id: newId(), user_id: userId, video_id: videoId, viewed_at: at }).execute();
        await trx
          .updateTable('videos')
          .set((eb) => ({ views_count: eb('views_count', '+', 1) }))
          .where('id', '=', videoId)
          .execute();
      }
      const row = await trx.selectFrom('videos').select('views_count').where('id', '=', videoId).executeTakeFirstOrThrow();
      return { totalViews: Number(row.views_count), counted: !recent, video: { owner_id: video.owner_id, taken_down_at: video.taken_down_at } };
    });
  }

  /** Total views and whether `userId` has ever viewed it. undefined: no such video. */
  async info(videoId: string, userId: string | null): Promise<{ totalViews: number; isViewed: boolean } | undefined> {
    const video = await this.db.selectFrom('videos').select('views_count').where('id', '=', videoId).executeTakeFirst();
    if (!video) return undefined;
    const viewed = userId
      ? await this.db.selectFrom('video_views').select('id').where('user_id', '=', userId).where('video_id', '=', videoId).executeTakeFirst()
      : undefined;
    return { totalViews: Number(video.views_count), isViewed: Boolean(viewed) };
  }
}
