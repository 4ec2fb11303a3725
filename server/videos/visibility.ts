// One rule for videos that are not ready yet (processing, or failed), used by every route that
// takes a video id: such a video is UNLISTED. Whoever has its id reads it with its
// `status` (the watch page shows 'processing' and plays the source while transcoding runs),
// comments, reacts, counts a view, saves it to a playlist or to history, reads its captions and
// joins its live room; lists of someone else's videos (feed, subscription feed, search, a channel's
// uploads) show ready videos only (LISTED_STATUS in the repositories), the owner's own list shows
// every status.
// Why not owner-only: media is served without credentials (video elements, S3 or a CDN in front),
// so hiding the row while its bytes stay reachable would be two rules; ids are unguessable UUIDv7s.
// A video a moderator took down is GONE (410) for everyone but its owner and moderators: its
// detail and every media path (files, HLS, captions); lists leave it out (db/repositories/videoCards.ts).
// While its owner is suspended a video leaves every list, and its detail answers 403 to everyone but
// moderators; one whose transcoding reached a playable rung meanwhile is held back (processing)
// and published when the suspension is lifted (db/repositories/videoMedia.ts `markReady`).
import type { Repositories } from '../db/repositories/index.js';
import type { VideoRepository, VideoStateRow } from '../db/repositories/videos.js';
import { suspendedAt } from '../db/repositories/moderation.js';
import { forbidden, gone, notFound } from '../domain/errors.js';
import { isModerator } from '../domain/roles.js';

/** The video behind an id under the rule above, or the 404 every route answers. */
export async function visibleVideo(videos: VideoRepository, videoId: string): Promise<VideoStateRow> {
  const video = await videos.findState(videoId);
  if (!video) throw notFound('Video not found');
  return video;
}

const TAKEN_DOWN_MESSAGE = 'This video was removed by a moderator';

const OWNER_SUSPENDED_MESSAGE = 'This video is unavailable while its owner is suspended';

/** Throws the 403 while the video's owner is suspended, unless the caller is a moderator. */
export async function assertOwnerNotSuspended(
  repos: Pick<Repositories, 'moderation'>,
  owner: { suspended_at: string | null; suspended_until: string | null },
  callerId: string | null,
): Promise<void> {
  if (!suspendedAt(owner)) return;
  if (callerId && isModerator(await repos.moderation.roleOf(callerId))) return;
  throw forbidden(OWNER_SUSPENDED_MESSAGE);
}

/** Throws the 410 unless the video is up, or the caller is its owner or a moderator. */
export async function assertNotTakenDown(
  repos: Pick<Repositories, 'moderation'>,
  video: { owner_id: string; taken_down_at: string | null },
  callerId: string | null,
): Promise<void> {
  if (!video.taken_down_at) return;
  if (callerId && (callerId === video.owner_id || isModerator(await repos.moderation.roleOf(callerId)))) return;
  throw gone(TAKEN_DOWN_MESSAGE);
}
