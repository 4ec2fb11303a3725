import type { VideoCard } from '../../contract/entities.js';
import type { VideoCardRow } from '../db/repositories/videoCards.js';
import type { MediaUrls } from '../media/urls.js';
import { toOwner } from './user.js';

export function toVideoCard(row: VideoCardRow, urls: MediaUrls): VideoCard {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    filePath: urls.video(row.id),
    thumbnail: urls.image(row.thumbnail),
    duration: Number(row.duration),
    views: Number(row.views_count),
    likes: Number(row.likes_count),
    status: row.status,
    createdAt: row.created_at,
    owner: toOwner(row, urls),
  };
}
