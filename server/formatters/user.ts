import type { CurrentUser, Owner } from '../../contract/entities.js';
import type { UsersTable } from '../db/schema.js';
import type { MediaUrls } from '../media/urls.js';

type UserRow = Omit<UsersTable, 'subscribers_count'> & { subscribers_count: number };

export function toOwner(
  row: { owner_id: string; owner_username: string; owner_full_name: string; owner_avatar: string },
  urls: MediaUrls,
): Owner {
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
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
