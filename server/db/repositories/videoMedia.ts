// A video's media state: source, probe results, status and renditions (the pipeline's view of
// the videos and video_renditions tables; lists and cards live in videoCards.ts).
import { sql } from 'kysely';
import { type DB, now } from '../kysely.js';
import type { VideoStatus } from '../schema.js';
import { ownerNotSuspended } from './videoCards.js';

export interface VideoMediaRow {
  id: string;
  owner_id: string;
  status: VideoStatus;
  source_key: string;
  thumbnail: string;
  width: number;
  height: number;
  source_playable: number;
  streaming_height: number | null;
  taken_down_at: string | null;
  /** The owner's standing: while suspended, the video's files are for moderators only. */
  owner_suspended_at: string | null;
  owner_suspended_until: string | null;
}

export interface RenditionRow {
  height: number;
  storage_key: string;
  size_bytes: number;
  playlist_key: string | null;
  resolution: string;
  bandwidth: number;
  average_bandwidth: number;
  codecs: string;
}

/** A rendition's HLS packaging, as the master playlist lists it. */
export interface RenditionHls {
  playlistKey: string;
  resolution: string;
  bandwidth: number;
  averageBandwidth: number;
  codecs: string;
}

export class VideoMediaRepository {
  constructor(private readonly db: DB) {}

  find(videoId: string): Promise<VideoMediaRow | undefined> {
    return this.db
      .selectFrom('videos')
      .innerJoin('users', 'users.id', 'videos.owner_id')
      .select([
        'videos.id',
        'videos.owner_id',
        'videos.status',
        'videos.source_key',
        'videos.thumbnail',
        'videos.width',
        'videos.height',
        'videos.source_playable',
        'videos.streaming_height',
        'videos.taken_down_at',
        'users.suspended_at as owner_suspended_at',
        'users.suspended_until as owner_suspended_until',
      ])
      .where('videos.id', '=', videoId)
      .executeTakeFirst();
  }

  /** Best first. */
  renditions(videoId: string): Promise<RenditionRow[]> {
    return this.db
      .selectFrom('video_renditions')
      .select(['height', 'storage_key', 'size_bytes', 'playlist_key', 'resolution', 'bandwidth', 'average_bandwidth', 'codecs'])
      .where('video_id', '=', videoId)
      .orderBy('height', 'desc')
      .execute();
  }

  /** The renditions of several videos at once (one query for a whole list), best first. */
  renditionSizes(videoIds: readonly string[]): Promise<Array<{ video_id: string; height: number; size_bytes: number; packaged: boolean }>> {
    if (!videoIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('video_renditions')
      .select(['video_id', 'height', 'size_bytes', 'playlist_key'])
      .where('video_id', 'in', videoIds)
      .orderBy('video_id')
      .orderBy('height', 'desc')
      .execute()
      .then((rows) => rows.map((row) => ({ video_id: row.video_id, height: Number(row.height), size_bytes: Number(row.size_bytes), packaged: row.playlist_key !== null })));
  }

  async qualities(videoId: string): Promise<number[]> {
    return (await this.renditions(videoId)).map((row) => Number(row.height));
  }

  /** Heights of the renditions that are also HLS variants. */
  async packagedQualities(videoId: string): Promise<number[]> {
    return (await this.renditions(videoId)).filter((row) => row.playlist_key).map((row) => Number(row.height));
  }

  /**
   * Videos with a rendition from before HLS packaging (the package-hls job takes them), less
   * those whose transcode or packaging job is already queued or running (`jobIdsOf` names them).
   */
  async unpackagedVideoIds(jobIdsOf: (videoId: string) => string[]): Promise<string[]> {
    const rows = await this.db.selectFrom('video_renditions').select('video_id').distinct().where('playlist_key', 'is', null).execute();
    const ids = rows.map((row) => row.video_id);
    if (ids.length === 0) return [];
    const active = await this.db
      .selectFrom('jobs')
      .select('id')
      .where('id', 'in', ids.flatMap(jobIdsOf))
      .where('state', 'in', ['queued', 'running'])
      .execute();
    const busy = new Set(active.map((row) => row.id));
    return ids.filter((videoId) => !jobIdsOf(videoId).some((jobId) => busy.has(jobId)));
  }

  /**
   * Ready videos (not streaming) that lack a rung the ladder now gives sources of their size: for
   * each `rungs` entry, at least `minSourceHeight` lines (the short side) and no packaged rendition
   * of that height. Less those with a job queued or running under `activeJobPrefix` + id, and those
   * that ever had one under `doneJobPrefix` + id (done or failed: tried once, not again at every start).
   */
  async missingRungVideoIds(rungs: readonly { height: number; minSourceHeight: number }[], jobs: { activeJobPrefix: string; doneJobPrefix: string }): Promise<string[]> {
    if (rungs.length === 0) return [];
    const shortSide = sql<number>`case when v.width < v.height then v.width else v.height end`;
    const rows = await this.db
      .selectFrom('videos as v')
      .select('v.id')
      .where('v.status', '=', 'ready')
      .where('v.streaming_height', 'is', null)
      .where((eb) =>
        eb.or(
          rungs.map((rung) =>
            eb.and([
              eb(shortSide, '>=', rung.minSourceHeight),
              eb.not(
                eb.exists(
                  eb.selectFrom('video_renditions as r').select('r.height').whereRef('r.video_id', '=', 'v.id').where('r.height', '=', rung.height).where('r.playlist_key', 'is not', null),
                ),
              ),
            ]),
          ),
        ),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('jobs as j')
              .select('j.id')
              .where((inner) =>
                inner.or([
                  inner.and([inner('j.id', '=', sql<string>`cast(${jobs.activeJobPrefix} as text) || v.id`), inner('j.state', 'in', ['queued', 'running'])]),
                  inner('j.id', '=', sql<string>`cast(${jobs.doneJobPrefix} as text) || v.id`),
                ]),
              ),
          ),
        ),
      )
      .orderBy('v.id')
      .execute();
    return rows.map((row) => row.id);
  }

  async setProbe(videoId: string, probe: { duration: number; width: number; height: number; browserPlayable: boolean }): Promise<void> {
    await this.db
      .updateTable('videos')
      .set({
        duration: Math.round(probe.duration * 1000) / 1000,
        width: probe.width,
        height: probe.height,
        source_playable: probe.browserPlayable ? 1 : 0,
        updated_at: now(),
      })
      .where('id', '=', videoId)
      .execute();
  }

  /** False when the video no longer exists (deleted while transcoding). */
  async addRendition(videoId: string, rendition: { height: number; storageKey: string; sizeBytes: number; hls: RenditionHls }): Promise<boolean> {
    const exists = await this.db.selectFrom('videos').select('id').where('id', '=', videoId).executeTakeFirst();
    if (!exists) return false;
    const values = {
      storage_key: rendition.storageKey,
      size_bytes: rendition.sizeBytes,
      playlist_key: rendition.hls.playlistKey,
      resolution: rendition.hls.resolution,
      bandwidth: rendition.hls.bandwidth,
      average_bandwidth: rendition.hls.averageBandwidth,
      codecs: rendition.hls.codecs,
    };
    try {
      await this.db
        .insertInto('video_renditions')
        .values({ video_id: videoId, height: rendition.height, created_at: now(), ...values })
        .onConflict((conflict) => conflict.columns(['video_id', 'height']).doUpdateSet(values))
        .execute();
      return true;
    } catch (error) {
      // Lost a race with the delete: the foreign key refuses the row.
      if (!(await this.db.selectFrom('videos').select('id').where('id', '=', videoId).executeTakeFirst())) return false;
      throw error;
    }
  }

  /**
   * Publishes the video: 'published' only for the call that made it ready (the one that notifies),
   * 'already' when it was ready, 'held' while its owner is suspended (it stays processing, unlisted
   * and out of reach, until the suspension is lifted: useCases/moderation.ts `unsuspendUser`).
   */
  async markReady(videoId: string): Promise<'published' | 'already' | 'held'> {
    const at = now();
    const result = await this.db
      .updateTable('videos')
      .set({ status: 'ready', updated_at: at })
      .where('id', '=', videoId)
      .where('status', '!=', 'ready')
      .where((eb) => eb.exists(eb.selectFrom('users as owner').select('owner.id').whereRef('owner.id', '=', 'videos.owner_id').where(ownerNotSuspended(at))))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) return 'published';
    const row = await this.db.selectFrom('videos').select('status').where('id', '=', videoId).executeTakeFirst();
    return !row || row.status === 'ready' ? 'already' : 'held';
  }

  /** The owner's videos held back while they were suspended: transcoded (a rung plays), still processing. */
  async heldVideoIds(ownerId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('videos')
      .select('id')
      .where('owner_id', '=', ownerId)
      .where('status', '=', 'processing')
      .where((eb) => eb.exists(eb.selectFrom('video_renditions').select('video_renditions.video_id').whereRef('video_renditions.video_id', '=', 'videos.id')))
      .execute();
    return rows.map((row) => row.id);
  }

  /** The rung being streamed while the ladder is made (null: none); false when the video is gone. Not an edit: updated_at stays. */
  async setStreamingHeight(videoId: string, height: number | null): Promise<boolean> {
    const result = await this.db.updateTable('videos').set({ streaming_height: height }).where('id', '=', videoId).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async setStatus(videoId: string, status: VideoStatus): Promise<void> {
    await this.db.updateTable('videos').set({ status, updated_at: now() }).where('id', '=', videoId).execute();
  }
}
