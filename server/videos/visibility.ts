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
// detail, every media path (files, HLS, captions), and every interaction (comments and their list,
// likes, history, positions, playlists, reports, captions list: usableVideo below); lists leave
// it out (db/repositories/videoCards.ts); notifications about it lose its title and thumbnail
// (formatters/notification.ts), and its live events reach only its owner and moderators (the
// domain events carry that reach, read by the use case with its write: domain/videoReach.ts).
// While its owner is suspended a video leaves every list, and its detail answers 403 to everyone but
// moderators; one whose transcoding reached a playable rung meanwhile is held back (processing)
// and published when the suspension is lifted (db/repositories/videoMedia.ts `markReady`).
import type { ReadRepositories } from '../db/repositories/reads.js';
import type { VideoRepository, VideoStateRow } from '../db/repositories/videos.js';
import { suspendedAt } from '../domain/suspension.js';
import { forbidden, gone, notFound } from '../domain/errors.js';
import type { VideoReach } from '../domain/videoReach.js';
import { isModerator, seesTakenDown } from '../domain/roles.js';

/** The video behind an id under the rule above, or the 404 every route answers. */
export async function visibleVideo(videos: Pick<VideoRepository, 'findState'>, videoId: string): Promise<VideoStateRow> {
  const video = await videos.findState(videoId);
  if (!video) throw notFound('Video not found');
  return video;
}

const TAKEN_DOWN_MESSAGE = 'This video was removed by a moderator';

/** The video behind an id when `callerId` may use it (comment, react, save, report, list its comments): 404 or 410 otherwise. */
export async function usableVideo(repos: Pick<ReadRepositories, 'videos' | 'moderation'>, videoId: string, callerId: string | null): Promise<VideoStateRow> {
  const video = await visibleVideo(repos.videos, videoId);
  await assertNotTakenDown(repos, video, callerId);
  return video;
}

/**
 * Who hears a video's live events: its room and the sockets in no room (the spec's clients), or,
 * for a taken-down video, only its owner and the moderators.
 */
export type LiveAudience = { kind: 'everyone' } | { kind: 'owner-and-moderators'; ownerId: string };

/** The audience of an event about a video, from the reach its publisher read with the write. */
export function liveAudience(reach: VideoReach): LiveAudience {
  return reach.takenDown ? { kind: 'owner-and-moderators', ownerId: reach.videoOwnerId } : { kind: 'everyone' };
}

const OWNER_SUSPENDED_MESSAGE = 'This video is unavailable while its owner is suspended';

/** Throws the 403 while the video's owner is suspended, unless the caller is a moderator. */
export async function assertOwnerNotSuspended(
  repos: Pick<ReadRepositories, 'moderation'>,
  owner: { suspended_at: string | null; suspended_until: string | null },
  callerId: string | null,
): Promise<void> {
  if (!suspendedAt(owner)) return;
  if (callerId && isModerator(await repos.moderation.roleOf(callerId))) return;
  throw forbidden(OWNER_SUSPENDED_MESSAGE);
}

/** Throws the 410 unless the video is up, or the caller is its owner or a moderator. */
export async function assertNotTakenDown(
  repos: Pick<ReadRepositories, 'moderation'>,
  video: { owner_id: string; taken_down_at: string | null },
  callerId: string | null,
): Promise<void> {
  if (!video.taken_down_at) return;
  if (callerId && (callerId === video.owner_id || seesTakenDown(video, { id: callerId, role: await repos.moderation.roleOf(callerId) }))) return;
  throw gone(TAKEN_DOWN_MESSAGE);
}
