// Who may see which owner-only control. The server enforces the same rules; these
// only decide what the screens offer.
import type { StoredUser } from './storage';

type Viewer = Pick<StoredUser, 'username'> & Partial<Pick<StoredUser, 'id' | '_id' | 'role'>>;

const idOf = (viewer: Viewer | null | undefined): string | undefined => viewer?.id || viewer?._id || undefined;

/** Profile owner: the stored user's username equals the profile's username. */
export function isProfileOwner(viewer: Viewer | null | undefined, profileUsername: string | null | undefined): boolean {
  return Boolean(viewer?.username && profileUsername && viewer.username === profileUsername);
}

/** The Liked Videos and Watch History tabs: the owner, and only with a token. */
export function canSeePrivateTabs(viewer: Viewer | null | undefined, token: string | null | undefined, profileUsername: string | null | undefined): boolean {
  return Boolean(token) && isProfileOwner(viewer, profileUsername);
}

/** Playlist card rename and delete: the stored user's id equals the playlist owner's id. */
export function isPlaylistOwner(viewer: Viewer | null | undefined, playlist: { owner?: { _id?: string } | null } | null | undefined): boolean {
  const viewerId = idOf(viewer);
  return Boolean(viewerId && playlist?.owner?._id && viewerId === playlist.owner._id);
}

/** 'Add Videos' and removing a video on the playlist page: the username matches the playlist owner's. */
export function canEditPlaylistVideos(viewer: Viewer | null | undefined, playlist: { owner?: { username?: string } | null } | null | undefined): boolean {
  return isProfileOwner(viewer, playlist?.owner?.username);
}

/** Comment edit and delete: the stored user's id equals the comment owner's id. */
export function isCommentOwner(viewer: Viewer | null | undefined, comment: { owner?: { _id?: string } | null } | null | undefined): boolean {
  const viewerId = idOf(viewer);
  return Boolean(viewerId && comment?.owner?._id && viewerId === comment.owner._id);
}

/** The moderation screen, its menu entries and the moderator's comment removal: moderators and admins. */
export function canModerate(viewer: Pick<Viewer, 'role'> | null | undefined): boolean {
  return viewer?.role === 'moderator' || viewer?.role === 'admin';
}

/** The Jobs tab of the moderation screen. */
export function isAdmin(viewer: Pick<Viewer, 'role'> | null | undefined): boolean {
  return viewer?.role === 'admin';
}

/** Pin, heart and remove any comment under a video: the video's owner (by id). */
function isVideoOwner(viewer: Viewer | null | undefined, video: { owner?: { _id?: string } | null } | null | undefined): boolean {
  const viewerId = idOf(viewer);
  return Boolean(viewerId && video?.owner?._id && viewerId === video.owner._id);
}

/** What the ⋮ menu of someone's comment offers this viewer (the comment's author edits and deletes with their own buttons). */
export function commentMenuFor(
  viewer: Viewer | null | undefined,
  comment: { owner?: { _id?: string } | null },
  video: { owner?: { _id?: string } | null },
): { remove: boolean; pin: boolean; heart: boolean; report: boolean; block: boolean } {
  const own = isCommentOwner(viewer, comment);
  const videoOwner = isVideoOwner(viewer, video);
  const someoneElses = Boolean(idOf(viewer)) && !own;
  return {
    remove: !own && (videoOwner || canModerate(viewer)),
    pin: videoOwner,
    heart: videoOwner,
    report: someoneElses,
    block: someoneElses,
  };
}
