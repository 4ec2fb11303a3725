// Caption tracks of a video: one WebVTT file per language, stored in media storage.
import type { DatabaseDialect } from '../../config.js';
import type { DB } from '../kysely.js';
import { now } from '../kysely.js';
import type { CaptionsTable } from '../schema.js';
import { lockVideo } from './videos.js';

export type CaptionRow = CaptionsTable;

/** What adding a track came to: added, or why not. */
export type CaptionAdded = { outcome: 'added'; row: CaptionRow } | { outcome: 'duplicate' } | { outcome: 'full' } | { outcome: 'noVideo' };

export class CaptionRepository {
  constructor(
    private readonly db: DB,
    private readonly dialect: DatabaseDialect,
  ) {}

  /** Oldest first, so the list keeps its order as tracks are added. */
  list(videoId: string): Promise<CaptionRow[]> {
    return this.db.selectFrom('captions').selectAll().where('video_id', '=', videoId).orderBy('id').execute();
  }

  find(videoId: string, captionId: string): Promise<CaptionRow | undefined> {
    return this.db.selectFrom('captions').selectAll().where('video_id', '=', videoId).where('id', '=', captionId).executeTakeFirst();
  }

  /**
   * Adds a track unless the video has `maxPerVideo` already or one in that language (the unique keys
   * refuse it; `language` must be canonical). Count and insert share one transaction with the video's
   * row locked (PostgreSQL), so parallel uploads cannot all see room for one more.
   */
  add(caption: Omit<CaptionRow, 'created_at'>, maxPerVideo: number): Promise<CaptionAdded> {
    return this.db.transaction().execute(async (trx): Promise<CaptionAdded> => {
      if (!(await lockVideo(trx, this.dialect, caption.video_id))) return { outcome: 'noVideo' };
      const { count } = await trx
        .selectFrom('captions')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('video_id', '=', caption.video_id)
        .executeTakeFirstOrThrow();
      if (Number(count) >= maxPerVideo) return { outcome: 'full' };
      const row = { ...caption, created_at: now() };
      // No conflict target: either unique key (the language as stored, or lower-cased) refuses it.
      const inserted = await trx
        .insertInto('captions')
        .values(row)
        .onConflict((conflict) => conflict.doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 ? { outcome: 'added', row } : { outcome: 'duplicate' };
    });
  }

  /** The removed row (its file is the caller's to delete), or undefined when there was none. */
  async remove(videoId: string, captionId: string): Promise<CaptionRow | undefined> {
    const row = await this.find(videoId, captionId);
    if (!row) return undefined;
    const result = await this.db.deleteFrom('captions').where('id', '=', captionId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0 ? row : undefined;
  }
}
