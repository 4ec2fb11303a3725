// The one query every video list starts from: videos joined with their owner.
import { sql, type SelectQueryBuilder } from 'kysely';
import type { DatabaseDialect } from '../../config.js';
import type { Database } from '../schema.js';
import type { DB } from '../kysely.js';

/**
 * The only status that lists of other people's videos show: a video that is not ready is unlisted
 * (the rule and why: server/videos/visibility.ts).
 */
export const LISTED_STATUS = 'ready' as const;

/**
 * `<table>.status` for a query that also picks one channel's videos (owner_id), in a form SQLite
 * cannot use an index for. Without statistics (ANALYZE never ran) SQLite's planner serves
 * "status = 'ready' order by id desc" from videos_status_id and walks every ready video to find
 * one channel's: 0.2-0.7 s for a small channel's page at a million videos. A unary `+` on the column
 * (SQLite's documented way to rule an index out) leaves it videos_owner_id (owner_id, id).
 * PostgreSQL plans on its statistics and has no unary `+` on text.
 */
export function statusColumn(dialect: DatabaseDialect, table: 'videos' | 'newer' = 'videos') {
  return dialect === 'sqlite' ? sql.raw(`+${table}.status`) : sql.ref(`${table}.status`);
}

/** The owner of a row, joined as `users as owner`: every list that shows an owner selects these. */
export const ownerColumns = [
  'owner.id as owner_id',
  'owner.username as owner_username',
  'owner.full_name as owner_full_name',
  'owner.avatar as owner_avatar',
] as const;

export interface OwnerColumnsRow {
  owner_id: string;
  owner_username: string;
  owner_full_name: string;
  owner_avatar: string;
}

export const videoCardColumns = [
  'videos.id',
  'videos.title',
  'videos.description',
  'videos.thumbnail',
  'videos.duration',
  'videos.views_count',
  'videos.likes_count',
  'videos.status',
  'videos.created_at',
  'videos.taken_down_reason',
  'videos.taken_down_at',
  ...ownerColumns,
  'owner.suspended_at as owner_suspended_at',
  'owner.suspended_until as owner_suspended_until',
] as const;

export interface VideoCardRow extends OwnerColumnsRow {
  id: string;
  title: string;
  description: string;
  thumbnail: string;
  duration: number;
  views_count: number;
  likes_count: number;
  status: 'processing' | 'ready' | 'failed';
  created_at: string;
  taken_down_reason: string | null;
  taken_down_at: string | null;
  owner_suspended_at: string | null;
  owner_suspended_until: string | null;
}

/**
 * Moderation hides a video from everyone's lists while a moderator has taken it down, and while its
 * owner is suspended (a suspension whose `until` passed no longer counts). The SQL form needs the
 * owner joined as `owner`; `at` is now, as ISO text.
 */
export function ownerNotSuspended(at: string) {
  return sql<boolean>`(owner.suspended_at is null or (owner.suspended_until is not null and owner.suspended_until <= ${at}))`;
}

export function notModerated(at: string) {
  return sql<boolean>`(videos.taken_down_at is null and ${ownerNotSuspended(at)})`;
}

/** The same rule on a card row, for the queries that filter after ranking (search). */
export function isModerated(row: VideoCardRow, at: string): boolean {
  const suspended = row.owner_suspended_at !== null && (row.owner_suspended_until === null || row.owner_suspended_until > at);
  return row.taken_down_at !== null || suspended;
}

type VideosWithOwner = Database & { owner: Database['users'] };

export function selectVideoCards(db: DB): SelectQueryBuilder<VideosWithOwner, 'videos' | 'owner', VideoCardRow> {
  return db
    .selectFrom('videos')
    .innerJoin('users as owner', 'owner.id', 'videos.owner_id')
    .select(videoCardColumns) as unknown as SelectQueryBuilder<VideosWithOwner, 'videos' | 'owner', VideoCardRow>;
}
