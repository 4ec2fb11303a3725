// Who may see which owner-only control (spec section 6). The server enforces the same rules; these
// only decide what the screens offer.
import type { StoredUser } from './storage';

type Viewer = Pick<StoredUser, 'username'> & Partial<Pick<StoredUser, 'id' | '_id'>>;

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
