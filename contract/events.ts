// Live events and the rooms protocol (join-video, leave-video).
import type { Notification, ReactionType } from './entities.js';

export const LiveEvent = {
  commentReactionsUpdated: 'comment-reactions-updated',
  commentUpdated: 'comment-updated',
  subscriptionUpdated: 'subscription-updated',
  viewsUpdated: 'views-updated',
  videoReactionUpdated: 'video-reaction-updated',
  /** Transcoding progress, sent to the video owner's room only. */
  transcodeProgress: 'transcode-progress',
  /** A new notification, sent to its recipient's user room. */
  notificationCreated: 'notification-created',
  /** Notifications were marked read (in another tab or device): the new unread count, to the user's room. */
  notificationsRead: 'notifications-read',
  /** The owner edited title, description or thumbnail: to the video's room (and clients in no room). */
  videoUpdated: 'video-updated',
  /** A rung was published: to the video's room (and clients in no room), so viewers learn of new qualities. */
  videoQualitiesUpdated: 'video-qualities-updated',
  /** The moderation queues changed: to the moderators room (moderators and admins join it on connect). */
  moderationUpdated: 'moderation-updated',
} as const;

export const RoomCommand = { joinVideo: 'join-video', leaveVideo: 'leave-video' } as const;

/**
 * Payloads carry the new values, so a client patches what it shows and refetches nothing. Beyond the
 * spec's fields, a reaction or view names its actor (actorId) and the actor's own state after it: only
 * the actor's clients have more to change (their own reaction, their liked list).
 */
export interface LiveEventPayloads {
  'comment-reactions-updated': { videoId: string; commentId: string; totalLikes: number; actorId: string; actorLiked: boolean };
  'comment-updated': { videoId: string };
  'subscription-updated': { channelId: string; totalSubscribers: number; subscriberId: string; isSubscribed: boolean };
  'views-updated': { videoId: string; totalViews: number; actorId: string };
  /** actorReaction: the actor's reaction to the video now (null: none, after an undo or clearing their likes). */
  'video-reaction-updated': { videoId: string; likes: number; disLikes: number; actorId: string; actorReaction: ReactionType | null };
  /**
   * qualities: the rungs published so far. hlsUrl: where the video plays, from the first 'ready' on
   * (null before): a new video is ready while its lowest rung still streams, so the first 'ready'
   * may come with qualities [] (video-qualities-updated tells viewers which rungs are pending).
   */
  'transcode-progress': { videoId: string; status: 'processing' | 'ready' | 'failed'; progress: number; qualities: number[]; hlsUrl: string | null };
  'notification-created': Notification;
  'notifications-read': { notificationId: string | null; unreadCount: number };
  'video-updated': { videoId: string; title: string; description: string; thumbnail: string; updatedAt: string };
  'video-qualities-updated': { videoId: string; qualities: number[]; pendingQualities: number[]; hlsUrl: string | null };
  /** Which list to refetch: reports, takedowns, suspensions, accounts (a role or a deletion) or the log (every action also adds to the log). */
  'moderation-updated': { kind: 'report' | 'takedown' | 'suspension' | 'account' | 'log' };
}

/** The live connection's backoff: reconnect 1 s to 5 s, jitter 0.5, unlimited attempts, 20 s connect timeout. */
export const LIVE_RECONNECT = {
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Infinity,
  timeout: 20000,
} as const;
