import type { Playlist } from '../../contract/entities.js';
import type { PlaylistRow, PlaylistVideoRow } from '../db/repositories/playlists.js';
import type { MediaUrls } from '../media/urls.js';
import { toOwner } from './user.js';
import { toVideoCard } from './video.js';

/**
 * A playlist with `videos` (a preview or one page, most recently added first). videosCount and
 * totalVideos both give the full count; PlaylistThumbnail is the thumbnail of the most recently
 * added video that has one, among `coverCandidates` (the newest few).
 */
export function toPlaylist(row: PlaylistRow, videos: PlaylistVideoRow[], coverCandidates: PlaylistVideoRow[], urls: MediaUrls): Playlist {
  const cover = coverCandidates.find((video) => video.thumbnail);
  const count = Number(row.videos_count);
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    owner: toOwner(row, urls),
    videos: videos.map((video) => toVideoCard(video, urls)),
    videosCount: count,
    totalVideos: count,
    PlaylistThumbnail: cover ? urls.image(cover.thumbnail) : '',
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
