// One rule for videos that are not ready yet (processing, or failed), used by every route that
// takes a video id (issue 15): such a video is UNLISTED. Whoever has its id reads it with its
// `status` (the watch page shows 'processing' and plays the source while transcoding runs),
// comments, reacts, counts a view, saves it to a playlist or to history, reads its captions and
// joins its live room; lists of someone else's videos (feed, subscription feed, search, a channel's
// uploads) show ready videos only (LISTED_STATUS in the repositories), the owner's own list shows
// every status.
// Why not owner-only: media is served without credentials (video elements, S3 or a CDN in front),
// so hiding the row while its bytes stay reachable would be two rules; ids are unguessable UUIDv7s.
import type { VideoRepository, VideoStateRow } from '../db/repositories/videos.js';
import { notFound } from '../http/envelope.js';

/** The video behind an id under the rule above, or the 404 every route answers. */
export async function visibleVideo(videos: VideoRepository, videoId: string): Promise<VideoStateRow> {
  const video = await videos.findState(videoId);
  if (!video) throw notFound('Video not found');
  return video;
}
