// Table types for Kysely. Timestamps are ISO-8601 UTC text (Date#toISOString) on both
// SQLite and PostgreSQL: they sort correctly as text and need no per-dialect conversion.
// Flags are integers 0/1 because SQLite cannot bind booleans.
import type { Generated } from 'kysely';
import type { ROLES } from '../../contract/entities.js';
import type { ModerationAction, ModerationSubject } from '../../contract/moderation.js';

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
  role: Generated<UserRole>; // 0012
  must_change_password: Generated<number>; // 0015: 1 after an operator's reset, until the user picks a new password
  /** 0013: a suspension is in force while suspended_at is set and suspended_until is null or ahead. */
  suspended_reason: string | null;
  suspended_at: string | null;
  suspended_until: string | null;
  suspended_by: string | null;
  created_at: string;
  updated_at: string;
}

export type UserRole = (typeof ROLES)[number];

interface SessionsTable {
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
  source_playable: Generated<number>; // 1: browsers play the source as it is
  streaming_height: number | null; // the rung streamed (live fragments) while the ladder is made, else null
  /** 0013: set while a moderator has taken the video down. */
  taken_down_reason: string | null;
  taken_down_at: string | null;
  taken_down_by: string | null;
  views_count: Generated<number>;
  likes_count: Generated<number>;
  dislikes_count: Generated<number>;
  comments_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

interface VideoRenditionsTable {
  video_id: string;
  height: number; // 1080, 720, 480 or 360
  storage_key: string;
  size_bytes: number;
  created_at: string;
  /** The rung's HLS media playlist (byte ranges into the same file); null until packaged. */
  playlist_key: string | null;
  /** Picture size as WIDTHxHEIGHT (portrait rungs are taller than their quality's line count). */
  resolution: Generated<string>;
  /** Peak and average bits per second over the fragments, for the master playlist. */
  bandwidth: Generated<number>;
  average_bandwidth: Generated<number>;
  /** RFC 6381 codecs string, e.g. avc1.64001f,mp4a.40.2. */
  codecs: Generated<string>;
}

export interface CaptionsTable {
  id: string;
  video_id: string;
  language: string;
  label: string;
  storage_key: string;
  created_at: string;
}

interface VideoViewsTable {
  id: string;
  video_id: string;
  user_id: string;
  viewed_at: string;
}

interface WatchHistoryTable {
  user_id: string;
  video_id: string;
  watched_at: string;
  /** Seconds into the video where the user left it. */
  position: Generated<number>;
}

interface WatchLaterTable {
  user_id: string;
  video_id: string;
  saved_at: string;
}

export type ReactionType = 'like' | 'disLike';

interface VideoReactionsTable {
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
  pinned_at: string | null; // 0013
  hearted_at: string | null;
}

export interface CommentLikesTable {
  user_id: string;
  comment_id: string;
  created_at: string;
}

interface SubscriptionsTable {
  subscriber_id: string;
  channel_id: string;
  notify: Generated<number>; // 1 = the subscriber wants notifications for this channel
  created_at: string;
}

interface PlaylistsTable {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  videos_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

interface PlaylistVideosTable {
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
  state: Generated<ReportStateColumn>; // 0012
  note: Generated<string>;
  resolved_at: string | null;
  resolved_by: string | null;
  /** 0018: a comment report's comment (no foreign key: its removal keeps the report), text and author at filing. */
  comment_id: string | null;
  comment_content: Generated<string>;
  comment_owner_id: string | null;
}

type ReportStateColumn = 'open' | 'resolved' | 'dismissed';

type JobState = 'queued' | 'running' | 'done' | 'failed';

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
  /** The remote runner holding the job's lease (0023); null when a local queue runs it. */
  runner_id: string | null;
}

/** A remote transcoding runner (0023): its token is kept only as a SHA-256 hash. */
export interface RunnersTable {
  id: string;
  name: string;
  token_hash: string;
  created_at: string;
  last_seen_at: string | null;
  revoked_at: string | null;
}

/** One failed attempt of a job (0018). */
interface JobErrorsTable {
  id: string;
  job_id: string;
  attempt: number;
  error: string;
  created_at: string;
}

interface IdempotencyKeysTable {
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

type TusUploadState = 'uploading' | 'checking' | 'done' | 'refused';

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

export type NotificationKind = 'new-video' | 'comment-reply' | 'video-comment' | 'new-subscriber' | 'report-resolved' | 'comment-report-resolved' | 'video-taken-down';

/** One notification for user_id, about what actor_id did (0007). */
interface NotificationsTable {
  id: string; // UUIDv7: newest first by id
  user_id: string;
  type: NotificationKind;
  actor_id: string;
  video_id: string | null;
  comment_id: string | null;
  subject: string; // unique per user: the same event is notified once
  read_at: string | null;
  created_at: string;
  reason: Generated<string>; // 0013: why, on moderation notifications
}

interface UserBlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: string;
}

/** Append-only (0013): every moderation action, written in the action's own transaction. */
export interface ModerationLogTable {
  id: string;
  actor_id: string;
  action: ModerationAction;
  subject_type: ModerationSubject;
  subject_id: string;
  reason: string;
  created_at: string;
  target_id: string | null; // 0017: the user the action concerned
  snapshot: string | null; // JSON of what a comment removal deleted
  undoes: string | null; // on an undo's entry: the entry it undid
  undone_by: string | null; // the undo's entry
}

/** Which kinds a user wants (0007); no row = all on. */
interface NotificationPreferencesTable {
  user_id: string;
  new_video: Generated<number>;
  comment_reply: Generated<number>;
  new_subscriber: Generated<number>;
  video_comment: Generated<number>; // 0018
  updated_at: string;
}

/** A device's Web Push subscription (0011); the endpoint is unique. */
interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  session_id: string | null; // signing out of this session removes the subscription
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
  updated_at: string;
}

/** A notification the push service accepted for a subscription (0011): never sent twice. */
interface PushDeliveriesTable {
  notification_id: string;
  subscription_id: string;
  delivered_at: string;
}

/** The one row naming the deployment this database belongs to (0016). */
interface DeploymentTable {
  slot: number;
  deployment_id: string;
  created_at: string;
}

/** 0018: one player report, kept until rolled up and out of the replay window. */
interface AnalyticsHeartbeatsTable {
  id: string;
  video_id: string;
  viewer_key: string; // `u:<userId>` signed in, `p:<playbackId>` signed out (no identity)
  at: string;
  ranges: string; // JSON [[from, to], ...] in seconds of the video
  source: string;
  device: string;
  rolled_up: Generated<number>;
}

/** 0018: one video's hour (UTC, `YYYY-MM-DDTHH`). JSON columns: retention (100 counts), sources and devices (counts by name). */
interface AnalyticsVideoHoursTable {
  video_id: string;
  hour: string;
  owner_id: string;
  views: number;
  watch_seconds: number;
  retention: string;
  sources: string;
  devices: string;
}

/** 0018: one channel's day (UTC, `YYYY-MM-DD`), for the overview's ranges. */
interface AnalyticsChannelDaysTable {
  owner_id: string;
  day: string;
  views: number;
  watch_seconds: number;
  sources: string;
  devices: string;
}

/** 0025: one video's views and watch time on one day (UTC, `YYYY-MM-DD`). */
interface AnalyticsVideoDaysTable {
  video_id: string;
  day: string;
  owner_id: string;
  views: number;
  watch_seconds: number;
}

/** 0025: one video's totals over the last `window_days` days (7, 28, 90) as of `analytics_windows_as_of.day`. */
interface AnalyticsVideoWindowsTable {
  video_id: string;
  window_days: number;
  owner_id: string;
  views: number;
  watch_seconds: number;
}

/** 0025: one row (id 1): the day the video windows end on. */
interface AnalyticsWindowsAsOfTable {
  id: number;
  day: string;
}

/** 0018: when a viewer's view of a video last counted. */
interface AnalyticsViewMarksTable {
  video_id: string;
  viewer_key: string;
  counted_at: string;
}

/** 0022: subscribers a channel gained and lost on one day (UTC, `YYYY-MM-DD`). */
interface ChannelSubscriptionDaysTable {
  channel_id: string;
  day: string;
  gained: number;
  lost: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  videos: VideosTable;
  video_renditions: VideoRenditionsTable;
  video_views: VideoViewsTable;
  watch_history: WatchHistoryTable;
  watch_later: WatchLaterTable;
  video_reactions: VideoReactionsTable;
  comments: CommentsTable;
  comment_likes: CommentLikesTable;
  subscriptions: SubscriptionsTable;
  playlists: PlaylistsTable;
  playlist_videos: PlaylistVideosTable;
  reports: ReportsTable;
  jobs: JobsTable;
  job_errors: JobErrorsTable;
  runners: RunnersTable;
  idempotency_keys: IdempotencyKeysTable;
  tus_uploads: TusUploadsTable;
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  captions: CaptionsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_deliveries: PushDeliveriesTable;
  user_blocks: UserBlocksTable;
  moderation_log: ModerationLogTable;
  deployment: DeploymentTable;
  analytics_heartbeats: AnalyticsHeartbeatsTable;
  analytics_video_hours: AnalyticsVideoHoursTable;
  analytics_channel_days: AnalyticsChannelDaysTable;
  analytics_view_marks: AnalyticsViewMarksTable;
  analytics_video_days: AnalyticsVideoDaysTable;
  analytics_video_windows: AnalyticsVideoWindowsTable;
  analytics_windows_as_of: AnalyticsWindowsAsOfTable;
  channel_subscription_days: ChannelSubscriptionDaysTable;
}
