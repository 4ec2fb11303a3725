// A video's media state: source, probe results, status and renditions (the pipeline's view of
// the videos and video_renditions tables; lists and cards live in videoCards.ts).
import { type DB, now } from '../kysely.js';
import type { VideoStatus } from '../schema.js';

export interface VideoMediaRow {
  id: string;
  owner_id: string;
  status: VideoStatus;
  source_key: string;
  thumbnail: string;
  width: number;
  height: number;
}

export interface RenditionRow {
  height: number;
  storage_key: string;
  size_bytes: number;
}

export class VideoMediaRepository {
  constructor(private readonly db: DB) {}

  find(videoId: string): Promise<VideoMediaRow | undefined> {
    return this.db
      .selectFrom('videos')
      .select(['id', 'owner_id', 'status', 'source_key', 'thumbnail', 'width', 'height'])
      .where('id', '=', videoId)
      .executeTakeFirst();
  }

  /** Best first. */
  renditions(videoId: string): Promise<RenditionRow[]> {
    return this.db
      .selectFrom('video_renditions')
      .select(['height', 'storage_key', 'size_bytes'])
      .where('video_id', '=', videoId)
      .orderBy('height', 'desc')
      .execute();
  }

  async qualities(videoId: string): Promise<number[]> {
    return (await this.renditions(videoId)).map((row) => Number(row.height));
  }

  async setProbe(videoId: string, probe: { duration: number; width: number; height: number }): Promise<void> {
    await this.db
      .updateTable('videos')
      .set({ duration: Math.round(probe.duration * 1000) / 1000, width: probe.width, height: probe.height, updated_at: now() })
      .where('id', '=', videoId)
      .execute();
  }

  /** False when the video no longer exists (deleted while transcoding). */
  async addRendition(videoId: string, rendition: { height: number; storageKey: string; sizeBytes: number }): Promise<boolean> {
    const exists = await this.db.selectFrom('videos').select('id').where('id', '=', videoId).executeTakeFirst();
    if (!exists) return false;
    try {
      await this.db
        .insertInto('video_renditions')
        .values({ video_id: videoId, height: rendition.height, storage_key: rendition.storageKey, size_bytes: rendition.sizeBytes, created_at: now() })
        .onConflict((conflict) => conflict.columns(['video_id', 'height']).doUpdateSet({ storage_key: rendition.storageKey, size_bytes: rendition.sizeBytes }))
        .execute();
      return true;
    } catch (error) {
      // Lost a race with the delete: the foreign key refuses the row.
      if (!(await this.db.selectFrom('videos').select('id').where('id', '=', videoId).executeTakeFirst())) return false;
      throw error;
    }
  }

  async setStatus(videoId: string, status: VideoStatus): Promise<void> {
    await this.db.updateTable('videos').set({ status, updated_at: now() }).where('id', '=', videoId).execute();
  }
}
