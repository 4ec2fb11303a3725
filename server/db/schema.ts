// Table types for Kysely. Timestamps are ISO-8601 UTC text (Date#toISOString) on both
// SQLite and PostgreSQL: they sort correctly as text and need no per-dialect conversion.
// Flags are integers 0/1 because SQLite cannot bind booleans.
import type { Generated } from 'kysely';

export interface UsersTable {
  id: string;
  username: string; // lowercase a-z0-9_. (unique)
  email: string; // lowercase (unique)
  full_name: string;
  password_hash: string;
  avatar: string; // image key in media storage, '' when none
  cover_image: string;
  bio: string;
  subscribers_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export type VideoStatus = 'processing' | 'ready' | 'failed';

export interface VideosTable {
  id: string; // UUIDv7: time-ordered, so it is also the stable pagination key
  owner_id: string;
  title: string;
  description: string;
  status: VideoStatus;
  duration: number; // seconds
  width: Generated<number>;
  height: Generated<number>;
  thumbnail: string; // image key, '' until one exists
  source_key: string; // original upload in media storage
  views_count: Generated<number>;
  likes_count: Generated<number>;
  dislikes_count: Generated<number>;
  comments_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface VideoRenditionsTable {
  video_id: string;
  height: number; // 1080, 720, 480 or 360
  storage_key: string;
  size_bytes: number;
  created_at: string;
}

export interface VideoViewsTable {
  id: string;
  video_id: string;
  user_id: string;
  viewed_at: string;
}

export interface WatchHistoryTable {
  user_id: string;
  video_id: string;
  watched_at: string;
}

export type ReactionType = 'like' | 'disLike';

export interface VideoReactionsTable {
  user_id: string;
  video_id: string;
  type: ReactionType;
  created_at: string;
}

export interface CommentsTable {
  id: string;
  video_id: string;
  owner_id: string;
  parent_id: string | null; // replies thread under their parent
  content: string;
  likes_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface CommentLikesTable {
  user_id: string;
  comment_id: string;
  created_at: string;
}

export interface SubscriptionsTable {
  subscriber_id: string;
  channel_id: string;
  notify: Generated<number>; // 1 = the subscriber wants notifications for this channel
  created_at: string;
}

export interface PlaylistsTable {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  videos_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface PlaylistVideosTable {
  playlist_id: string;
  video_id: string;
  added_at: string;
}

export interface ReportsTable {
  id: string;
  video_id: string;
  reporter_id: string;
  reason: string;
  details: string;
  created_at: string;
}

export type JobState = 'queued' | 'running' | 'done' | 'failed';

export interface JobsTable {
  id: string;
  type: string;
  payload: string; // JSON
  state: JobState;
  progress: Generated<number>; // 0..100
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: string; // not before (backoff)
  locked_at: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface IdempotencyKeysTable {
  key: string;
  user_id: string;
  method: string;
  path: string;
  status_code: number; // 0 while the first request runs
  body: string;
  created_at: string;
  /** sha256 of the parsed body (0003). */
  request_hash: Generated<string>;
  /** Null while the first request runs (a reservation). */
  completed_at: string | null;
}

export type TusUploadState = 'uploading' | 'checking' | 'done' | 'refused';

/** A resumable upload (tus): its owner, and what became of it once the last byte arrived. */
export interface TusUploadsTable {
  id: string;
  user_id: string;
  size: number;
  state: TusUploadState;
  video_id: string | null;
  error_status: number | null;
  error_message: string | null;
  created_at: string;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  videos: VideosTable;
  video_renditions: VideoRenditionsTable;
  video_views: VideoViewsTable;
  watch_history: WatchHistoryTable;
  video_reactions: VideoReactionsTable;
  comments: CommentsTable;
  comment_likes: CommentLikesTable;
  subscriptions: SubscriptionsTable;
  playlists: PlaylistsTable;
  playlist_videos: PlaylistVideosTable;
  reports: ReportsTable;
  jobs: JobsTable;
  idempotency_keys: IdempotencyKeysTable;
  tus_uploads: TusUploadsTable;
}
