import type { FastifyInstance } from 'fastify';
import { imageStorageKey } from './images.js';

export interface VideoMediaRefs {
  id: string;
  source_key: string;
  thumbnail: string;
}

/** Removes every stored file of a video (renditions, source, thumbnail). */
export async function removeVideoFiles(app: FastifyInstance, video: VideoMediaRefs): Promise<void> {
  await app.storage.removePrefix(`videos/${video.id}/`);
  if (video.source_key) await app.storage.remove(video.source_key);
  if (video.thumbnail) await app.storage.remove(imageStorageKey(video.thumbnail));
}
