import type { CurrentUser, Owner, Profile, SubscribedChannel, UserSearchResult } from '../../contract/entities.js';
import type { UserSearchRow } from '../db/repositories/search.js';
import type { OwnerColumnsRow } from '../db/repositories/videoCards.js';
import type { UserRole, UsersTable } from '../db/schema.js';
import type { MediaUrls } from '../media/urls.js';

type UserRow = Omit<UsersTable, 'subscribers_count' | 'role' | 'must_change_password'> & { subscribers_count: number; role: UserRole; must_change_password: number };

export function toOwner(row: OwnerColumnsRow, urls: MediaUrls): Owner {
  return { _id: row.owner_id, username: row.owner_username, fullName: row.owner_full_name, avatar: urls.image(row.owner_avatar) };
}

/** The caller's own account: the only answer that carries an email. Never the password hash. */
export function toCurrentUser(row: UserRow, urls: MediaUrls, totalViews = 0): CurrentUser {
  return {
    _id: row.id,
    username: row.username,
    fullName: row.full_name,
    email: row.email,
    avatar: urls.image(row.avatar),
    coverImage: urls.image(row.cover_image),
    bio: row.bio,
    subscribersCount: row.subscribers_count,
    totalViews,
    role: row.role,
    mustChangePassword: Number(row.must_change_password) === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A public profile: counts, never the email. */
export function toProfile(
  row: UserRow,
  urls: MediaUrls,
  stats: { totalVideos: number; totalViews: number; totalLikes: number },
  caller: { isSubscribed: boolean; notify: boolean },
): Profile {
  return {
    _id: row.id,
    username: row.username,
    fullName: row.full_name,
    avatar: urls.image(row.avatar),
    coverImage: urls.image(row.cover_image),
    bio: row.bio,
    createdAt: row.created_at,
    totalVideos: stats.totalVideos,
    subscribersCount: row.subscribers_count,
    totalViews: stats.totalViews,
    totalLikes: stats.totalLikes,
    isSubscribed: caller.isSubscribed,
    notify: caller.notify,
  };
}

export function toSubscribedChannel(
  row: { channel_id: string; username: string; full_name: string; avatar: string; notify: number },
  urls: MediaUrls,
  showNotify: boolean,
): SubscribedChannel {
  return {
    channelId: row.channel_id,
    username: row.username,
    fullName: row.full_name,
    avatar: urls.image(row.avatar),
    // A preference is private: only its owner sees it.
    notify: showNotify && Number(row.notify) === 1,
  };
}

export function toUserSearchResult(row: UserSearchRow, urls: MediaUrls): UserSearchResult {
  return {
    _id: row.id,
    username: row.username,
    fullName: row.full_name,
    avatar: urls.image(row.avatar),
    bio: row.bio,
    createdAt: row.created_at,
    subscribersCount: Number(row.subscribers_count),
    totalViews: Number(row.total_views),
  };
}
