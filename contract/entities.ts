// Entities as the API answers them, including the answer shapes the spec leaves open.
// The server validates and serializes with these schemas; the client imports the types.
import { Type, type Static, type TSchema } from 'typebox';

const Id = Type.String({ description: 'UUIDv7' });
const Timestamp = Type.String({ description: 'ISO-8601 UTC' });

/** What a signed-in user may do beyond their own content: moderators work the reports queue, admins also set roles. */
export const ROLES = ['user', 'moderator', 'admin'] as const;
export const Role = Type.Union([Type.Literal('user'), Type.Literal('moderator'), Type.Literal('admin')]);
export type Role = (typeof ROLES)[number];

const VideoStatus = Type.Union([Type.Literal('processing'), Type.Literal('ready'), Type.Literal('failed')]);
type VideoStatus = Static<typeof VideoStatus>;

export const ReactionType = Type.Union([Type.Literal('like'), Type.Literal('disLike')]);
export type ReactionType = Static<typeof ReactionType>;

/** A user as embedded in videos, comments and playlists. */
export const Owner = Type.Object({ _id: Id, username: Type.String(), fullName: Type.String(), avatar: Type.String() });
export type Owner = Static<typeof Owner>;

/** The signed-in user (GET /users/me, login, register, updates). Only the caller sees their email. */
export const CurrentUser = Type.Object({
  _id: Id,
  username: Type.String(),
  fullName: Type.String(),
  email: Type.String(),
  avatar: Type.String(),
  coverImage: Type.String(),
  bio: Type.String(),
  subscribersCount: Type.Number(),
  totalViews: Type.Number(),
  /** Only the caller's own account shows the role; public profiles never do. */
  role: Role,
  /** True after an operator reset the password: every other call answers 403 until the user picks a new one. */
  mustChangePassword: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type CurrentUser = Static<typeof CurrentUser>;

export const Profile = Type.Object({
  _id: Id,
  username: Type.String(),
  fullName: Type.String(),
  avatar: Type.String(),
  coverImage: Type.String(),
  bio: Type.String(),
  createdAt: Timestamp,
  totalVideos: Type.Number(),
  subscribersCount: Type.Number(),
  totalViews: Type.Number(),
  totalLikes: Type.Number(),
  isSubscribed: Type.Boolean(),
  /** The caller's notification preference for this channel (false unless subscribed). */
  notify: Type.Boolean(),
});
export type Profile = Static<typeof Profile>;

export const UserSearchResult = Type.Object({
  _id: Id,
  username: Type.String(),
  fullName: Type.String(),
  avatar: Type.String(),
  bio: Type.String(),
  createdAt: Timestamp,
  subscribersCount: Type.Number(),
  totalViews: Type.Number(),
});
export type UserSearchResult = Static<typeof UserSearchResult>;

/** GET /search/popular: words to offer as searches, most popular first (none on an empty catalogue). */
export const PopularSearches = Type.Array(Type.String());
export type PopularSearches = Static<typeof PopularSearches>;

/** Why and when a moderator took a video down (shown to its owner and to moderators only). */
export const TakenDown = Type.Object({ reason: Type.String(), at: Timestamp });
export type TakenDown = Static<typeof TakenDown>;

/** What every list of videos shows (feed, profile tabs, playlists, search, related). */
export const VideoCard = Type.Object({
  _id: Id,
  title: Type.String(),
  description: Type.String(),
  filePath: Type.String({ description: 'media URL with an /upload/ segment; insert q_auto:best|good|eco|low after it to pick a quality' }),
  thumbnail: Type.String(),
  duration: Type.Number({ description: 'seconds' }),
  views: Type.Number(),
  likes: Type.Number(),
  status: VideoStatus,
  createdAt: Timestamp,
  owner: Owner,
  /** Present on the owner's own list and for moderators: null unless a moderator took the video down. */
  takenDown: Type.Optional(Type.Union([TakenDown, Type.Null()])),
});
export type VideoCard = Static<typeof VideoCard>;

/** One video (GET /videos/{id}): the card plus what the watch screen needs. */
export const Video = Type.Object({
  ...VideoCard.properties,
  disLikes: Type.Number(),
  commentsCount: Type.Number(),
  updatedAt: Timestamp,
  /** Heights of the renditions that exist, best first. */
  qualities: Type.Array(Type.Number()),
  /** The caller's own reaction; null when none or signed out. */
  userReaction: Type.Union([ReactionType, Type.Null()]),
  /** Transcoding progress 0..100 while status is processing. */
  progress: Type.Number(),
  /** HLS master playlist: present once at least one rung is packaged; it grows as rungs land. */
  hlsUrl: Type.Optional(Type.String()),
  /**
   * The original upload, present while no rendition exists yet and the browser can play the source as it
   * is (H.264/AAC MP4, WebM). filePath also falls back to it until the first rung lands.
   */
  sourceUrl: Type.Optional(Type.String()),
  /** Ladder heights still being made, best first (empty once the ladder is complete or transcoding stopped). */
  pendingQualities: Type.Optional(Type.Array(Type.Number())),
  /** Signed-in callers: where to resume, in seconds (0 when never watched or watched to the end). */
  resumeAt: Type.Optional(Type.Number()),
});
export type Video = Static<typeof Video>;

export const HistoryEntry = Type.Object({
  ...VideoCard.properties,
  videoId: Id,
  watchedAt: Timestamp,
  /** Saved playback position in seconds, for the card's progress bar against duration. */
  position: Type.Optional(Type.Number()),
});
export type HistoryEntry = Static<typeof HistoryEntry>;

export const LikedEntry = Type.Object({ ...VideoCard.properties, videoId: Id, likedAt: Timestamp });
export type LikedEntry = Static<typeof LikedEntry>;

export const WatchLaterEntry = Type.Object({ ...VideoCard.properties, videoId: Id, savedAt: Timestamp });
export type WatchLaterEntry = Static<typeof WatchLaterEntry>;
/** The answer of saving to or removing from Watch later: the state the video is now in. */
export const WatchLaterState = Type.Object({ videoId: Id, saved: Type.Boolean(), savedAt: Type.Union([Timestamp, Type.Null()]) });
export type WatchLaterState = Static<typeof WatchLaterState>;

export function VideoPageOf<T extends TSchema>(item: T) {
  return Type.Object({
    videos: Type.Array(item),
    hasMore: Type.Boolean(),
    totalPages: Type.Optional(Type.Number()),
    totalVideos: Type.Optional(Type.Number()),
  });
}
export const VideoPage = VideoPageOf(VideoCard);
export type VideoPage = Static<typeof VideoPage>;
export type HistoryPage = Static<ReturnType<typeof VideoPageOf<typeof HistoryEntry>>>;
export type LikedPage = Static<ReturnType<typeof VideoPageOf<typeof LikedEntry>>>;
export type WatchLaterPage = Static<ReturnType<typeof VideoPageOf<typeof WatchLaterEntry>>>;

export const ViewsInfo = Type.Object({ totalViews: Type.Number(), isViewed: Type.Boolean() });
export type ViewsInfo = Static<typeof ViewsInfo>;

export const VideoLikeEntry = Type.Object({
  likedById: Id,
  likedByName: Type.String(),
  likedByUser: Type.String(),
  likedByAvatar: Type.String(),
});
export type VideoLikeEntry = Static<typeof VideoLikeEntry>;

export const VideoDislikeEntry = Type.Object({
  dislikedById: Id,
  dislikedByName: Type.String(),
  dislikedByUser: Type.String(),
  dislikedByAvatar: Type.String(),
});
export type VideoDislikeEntry = Static<typeof VideoDislikeEntry>;

export const ReactionToggleResult = Type.Object({
  reactionType: Type.Union([ReactionType, Type.Null()]),
  likes: Type.Number(),
  disLikes: Type.Number(),
});
export type ReactionToggleResult = Static<typeof ReactionToggleResult>;

export const Comment = Type.Object({
  _id: Id,
  videoId: Id,
  parentId: Type.Union([Id, Type.Null()]),
  content: Type.String(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  owner: Owner,
  totalLikes: Type.Number(),
  isLiked: Type.Boolean(),
  /** The video's owner pinned it: it comes first in the list (one per video). */
  pinned: Type.Optional(Type.Boolean()),
  /** The video's owner gave it a heart. */
  hearted: Type.Optional(Type.Boolean()),
  /** Who gave the heart (the video's owner), null when none. */
  heartedBy: Type.Optional(Type.Union([Type.Object({ username: Type.String(), avatar: Type.String() }), Type.Null()])),
});
export type Comment = Static<typeof Comment>;

export const CommentReaction = Type.Object({
  likedById: Id,
  likedByName: Type.String(),
  likedByAvatar: Type.String(),
});
export type CommentReaction = Static<typeof CommentReaction>;

export const CommentLikeToggleResult = Type.Object({ isLiked: Type.Boolean(), totalLikes: Type.Number() });
export type CommentLikeToggleResult = Static<typeof CommentLikeToggleResult>;

export const SubscriptionStatus = Type.Object({ isSubscribed: Type.Boolean(), totalSubscribers: Type.Number() });
export type SubscriptionStatus = Static<typeof SubscriptionStatus>;

export const SubscribedChannel = Type.Object({
  channelId: Id,
  username: Type.String(),
  fullName: Type.String(),
  avatar: Type.String(),
  notify: Type.Boolean(),
});
export type SubscribedChannel = Static<typeof SubscribedChannel>;

export const Playlist = Type.Object({
  _id: Id,
  name: Type.String(),
  description: Type.String(),
  owner: Owner,
  videos: Type.Array(VideoCard),
  videosCount: Type.Number(),
  totalVideos: Type.Number(),
  PlaylistThumbnail: Type.String(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Playlist = Static<typeof Playlist>;

export const PlaylistPage = Type.Object({ playlists: Type.Array(Playlist), hasMore: Type.Boolean() });
export type PlaylistPage = Static<typeof PlaylistPage>;

export const PlaylistDetail = Type.Object({ playlist: Playlist, hasMore: Type.Boolean(), totalVideos: Type.Number() });
export type PlaylistDetail = Static<typeof PlaylistDetail>;

export const LoginResult = Type.Object({ accessToken: Type.String(), loggedInUser: CurrentUser });
export type LoginResult = Static<typeof LoginResult>;

/** A filed report; `commentId` when it is a comment's (`videoId` is then the comment's video). */
export const Report = Type.Object({ _id: Id, videoId: Id, commentId: Type.Optional(Id), reason: Type.String(), createdAt: Timestamp });
export type Report = Static<typeof Report>;

const TranscodeJob = Type.Object({
  videoId: Id,
  status: VideoStatus,
  progress: Type.Number(),
  qualities: Type.Array(Type.Number()),
});
type TranscodeJob = Static<typeof TranscodeJob>;

/** GET /uploads/tus/{uploadId}/video: the video a finished resumable upload became. */
export const TusUploadVideo = Type.Object({ videoId: Id });
export type TusUploadVideo = Static<typeof TusUploadVideo>;

/** A caption track of a video: WebVTT served from /media. */
export const Caption = Type.Object({
  _id: Id,
  /** BCP 47 tag, e.g. en, pt-BR. */
  language: Type.String(),
  label: Type.String(),
  url: Type.String(),
});
export type Caption = Static<typeof Caption>;

/** PATCH /watch-history/position/{videoId}. */
export const WatchPosition = Type.Object({ videoId: Id, position: Type.Number(), updatedAt: Timestamp });
export type WatchPosition = Static<typeof WatchPosition>;

// Notifications: stored per user, listed at /notifications, pushed live as 'notification-created'.
const NotificationType = Type.Union([
  Type.Literal('new-video'),
  Type.Literal('comment-reply'),
  Type.Literal('video-comment'),
  Type.Literal('new-subscriber'),
  Type.Literal('report-resolved'),
  Type.Literal('comment-report-resolved'),
  Type.Literal('video-taken-down'),
]);
type NotificationType = Static<typeof NotificationType>;

/**
 * `removed`: the video was taken down and the recipient may no longer see it: `title` is
 * REMOVED_VIDEO_TITLE and `thumbnail` empty (contract/notificationText.ts).
 */
const NotificationVideo = Type.Object({ _id: Id, title: Type.String(), thumbnail: Type.String(), removed: Type.Optional(Type.Boolean()) });
type NotificationVideo = Static<typeof NotificationVideo>;

const NotificationComment = Type.Object({ _id: Id, content: Type.String() });
type NotificationComment = Static<typeof NotificationComment>;

/**
 * One notification. new-video: the channel (actor) published `video`; comment-reply: the actor
 * replied to my comment with `comment` under `video`; video-comment: the actor commented `comment`
 * on my `video`; new-subscriber: the actor subscribed to me; report-resolved: a moderator acted on
 * my report of `video` (`reason`: their note); comment-report-resolved: the same for my report of a
 * comment under `video`; video-taken-down: a moderator took my `video` down (`reason`: why).
 * Moderators stay unnamed: the actor of the moderation kinds is MODERATOR_ACTOR_NAME with the
 * app's icon, `_id` and `username` empty.
 */
export const Notification = Type.Object({
  _id: Id,
  type: NotificationType,
  read: Type.Boolean(),
  createdAt: Timestamp,
  actor: Owner,
  video: Type.Optional(NotificationVideo),
  comment: Type.Optional(NotificationComment),
  /** Moderation notifications: why (the moderator's reason or note). */
  reason: Type.Optional(Type.String()),
});
export type Notification = Static<typeof Notification>;

export const NotificationPage = Type.Object({
  notifications: Type.Array(Notification),
  unreadCount: Type.Number(),
  hasMore: Type.Boolean(),
});
export type NotificationPage = Static<typeof NotificationPage>;

/** PATCH /notifications/read/{id} and /notifications/read-all. */
export const NotificationReadResult = Type.Object({
  /** The notification marked read; null for read-all. */
  _id: Type.Union([Id, Type.Null()]),
  /** How many were unread and are read now. */
  updatedCount: Type.Number(),
  unreadCount: Type.Number(),
});
export type NotificationReadResult = Static<typeof NotificationReadResult>;

/** Which kinds of notification are made for me (all on by default). The per-channel bell still applies to newVideo. */
export const NotificationPreferences = Type.Object({
  newVideo: Type.Boolean(),
  commentReply: Type.Boolean(),
  newSubscriber: Type.Boolean(),
  /** Comments on my videos (a reply to my own comment there is a commentReply instead). */
  videoComment: Type.Boolean(),
});
export type NotificationPreferences = Static<typeof NotificationPreferences>;

/** PATCH /notifications/preferences: any subset. */
export const NotificationPreferencesPatch = Type.Partial(NotificationPreferences);
export type NotificationPreferencesPatch = Static<typeof NotificationPreferencesPatch>;
