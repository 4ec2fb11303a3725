// Caption tracks of a video (issue 16): one WebVTT file per language, stored in media storage.
import type { DB } from '../kysely.js';
import { now } from '../kysely.js';
import type { CaptionsTable } from '../schema.js';

export type CaptionRow = CaptionsTable;

export class CaptionRepository {
  constructor(private readonly db: DB) {}

  /** Oldest first, so the list keeps its order as tracks are added. */
  list(videoId: string): Promise<CaptionRow[]> {
    return this.db.selectFrom('captions').selectAll().where('video_id', '=', videoId).orderBy('id').execute();
  }

  find(videoId: string, captionId: string): Promise<CaptionRow | undefined> {
    return this.db.selectFrom('captions').selectAll().where('video_id', '=', videoId).where('id', '=', captionId).executeTakeFirst();
  }

  async count(videoId: string): Promise<number> {
    const row = await this.db.selectFrom('captions').select((eb) => eb.fn.countAll<number>().as('count')).where('video_id', '=', videoId).executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /** False when the video already has a track in that language (the unique key refuses it). */
  async create(caption: Omit<CaptionRow, 'created_at'>): Promise<CaptionRow | null> {
    const row = { ...caption, created_at: now() };
    const inserted = await this.db
      .insertInto('captions')
      .values(row)
      .onConflict((conflict) => conflict.columns(['video_id', 'language']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 ? row : null;
  }

  /** The removed row (its file is the caller's to delete), or undefined when there was none. */
  async remove(videoId: string, captionId: string): Promise<CaptionRow | undefined> {
    const row = await this.find(videoId, captionId);
    if (!row) return undefined;
    const result = await this.db.deleteFrom('captions').where('id', '=', captionId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0 ? row : undefined;
  }
}
