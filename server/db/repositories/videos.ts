import { newId } from '../../ids.js';
import type { DB } from '../kysely.js';
import { now } from '../kysely.js';
import type { VideoStatus } from '../schema.js';

export interface NewVideo {
  id?: string;
  ownerId: string;
  title: string;
  description: string;
  status: VideoStatus;
  duration: number;
  width?: number;
  height?: number;
  thumbnail: string;
  sourceKey: string;
}

export class VideoRepository {
  constructor(private readonly db: DB) {}

  async create(video: NewVideo): Promise<string> {
    const at = now();
    const id = video.id ?? newId();
    await this.db
      .insertInto('videos')
      .values({
        id,
        owner_id: video.ownerId,
        title: video.title,
        description: video.description,
        status: video.status,
        duration: video.duration,
        width: video.width ?? 0,
        height: video.height ?? 0,
        thumbnail: video.thumbnail,
        source_key: video.sourceKey,
        created_at: at,
        updated_at: at,
      })
      .execute();
    return id;
  }
}
