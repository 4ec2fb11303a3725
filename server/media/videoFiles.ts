// Where a video's files live in storage, and the one way to get rid of them.
import type { FastifyInstance } from 'fastify';
import type { DB } from '../db/kysely.js';
import { VideoMediaRepository } from '../db/repositories/videoMedia.js';
import { imageStorageKey } from './images.js';

export const sourceKey = (videoId: string, extension: string) => `sources/${videoId}${extension}`;
export const renditionKey = (videoId: string, height: number) => `videos/${videoId}/${height}.mp4`;
/** One transcode job per video, so deleting the video can find and cancel it. */
export const transcodeJobId = (videoId: string) => `transcode-${videoId}`;

export interface VideoMediaRefs {
  id: string;
  source_key: string;
  thumbnail: string;
}

/**
 * Cancels the video's transcoding (waiting until it has stopped, so it cannot write files
 * afterwards) and removes every stored file of the video: renditions, source, thumbnail.
 * The caller deletes the row (its renditions rows go with it by cascade).
 */
export async function removeVideoFiles(app: FastifyInstance, video: VideoMediaRefs): Promise<void> {
  await app.jobs.cancel(transcodeJobId(video.id));
  await app.storage.removePrefix(`videos/${video.id}/`);
  if (video.source_key) await app.storage.remove(video.source_key);
  if (video.thumbnail) await app.storage.remove(imageStorageKey(video.thumbnail));
}

export interface VideoMediaState {
  /** Heights of the renditions that exist, best first. */
  qualities: number[];
  /** Transcoding progress 0..100 (100 once every rendition exists). */
  progress: number;
}

/** What the video answer shows about transcoding (Video.qualities and Video.progress). */
export async function videoMediaState(db: DB, videoId: string): Promise<VideoMediaState> {
  const [qualities, job] = await Promise.all([
    new VideoMediaRepository(db).qualities(videoId),
    db.selectFrom('jobs').select(['state', 'progress']).where('id', '=', transcodeJobId(videoId)).executeTakeFirst(),
  ]);
  const progress = !job || job.state === 'done' ? (qualities.length ? 100 : 0) : Number(job.progress);
  return { qualities, progress };
}
