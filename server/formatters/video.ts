import type { HistoryEntry, LikedEntry, ReactionType, Video, VideoCard, WatchLaterEntry } from '../../contract/entities.js';
import type { VideoCardRow } from '../db/repositories/videoCards.js';
import type { VideoDetailRow } from '../db/repositories/videos.js';
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
    // Only lists the owner (or a moderator) sees can hold a taken-down video.
    ...(row.taken_down_at ? { takenDown: { reason: row.taken_down_reason ?? '', at: row.taken_down_at } } : {}),
  };
}

/** One video as the watch screen reads it: the card plus counts, renditions and the caller's reaction. */
export function toVideo(
  row: VideoDetailRow,
  urls: MediaUrls,
  extra: {
    qualities: number[];
    progress: number;
    userReaction: ReactionType | null;
    hls: boolean;
    pendingQualities: number[];
    playableSource: string | null;
    /** Signed-in callers only. */
    resumeAt?: number;
  },
): Video {
  const video: Video = {
    ...toVideoCard(row, urls),
    disLikes: Number(row.dislikes_count),
    commentsCount: Number(row.comments_count),
    updatedAt: row.updated_at,
    qualities: extra.qualities,
    userReaction: extra.userReaction,
    // A ready video is done even without a job row (seeded or imported videos), unless rungs are
    // still to come: one that streams is ready long before its ladder, and shows the run's progress.
    progress: row.status === 'ready' && extra.pendingQualities.length === 0 ? 100 : extra.progress,
    pendingQualities: extra.pendingQualities,
  };
  if (extra.hls) video.hlsUrl = urls.hls(row.id);
  if (extra.playableSource) video.sourceUrl = urls.source(row.id, extra.playableSource);
  if (extra.resumeAt !== undefined) video.resumeAt = extra.resumeAt;
  return video;
}

/** Where a viewer resumes: the saved position, or 0 when it is (nearly) the end. */
export function resumePoint(position: number, duration: number): number {
  const finishedFrom = Math.max(duration - 10, duration * 0.95);
  return position > 0 && position < finishedFrom ? Math.round(position * 10) / 10 : 0;
}

/** A watch-history entry: the card with the video's id also as videoId. */
export function toHistoryEntry(row: VideoCardRow & { watched_at: string; position: number }, urls: MediaUrls): HistoryEntry {
  return { ...toVideoCard(row, urls), videoId: row.id, watchedAt: row.watched_at, position: Number(row.position) };
}

/** A Watch later entry: the card with the video's id also as videoId. */
export function toWatchLaterEntry(row: VideoCardRow & { saved_at: string }, urls: MediaUrls): WatchLaterEntry {
  return { ...toVideoCard(row, urls), videoId: row.id, savedAt: row.saved_at };
}

/** A liked-videos entry: the card with the video's id also as videoId. */
export function toLikedEntry(row: VideoCardRow & { liked_at: string }, urls: MediaUrls): LikedEntry {
  return { ...toVideoCard(row, urls), videoId: row.id, likedAt: row.liked_at };
}
