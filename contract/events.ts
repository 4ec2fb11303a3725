// Live events (spec section 4) and the rooms protocol (issue 3).
import type { Notification } from './entities.js';

export const LiveEvent = {
  commentReactionsUpdated: 'comment-reactions-updated',
  commentUpdated: 'comment-updated',
  subscriptionUpdated: 'subscription-updated',
  viewsUpdated: 'views-updated',
  videoReactionUpdated: 'video-reaction-updated',
  /** Transcoding progress, sent to the video owner's room only. */
  transcodeProgress: 'transcode-progress',
  /** A new notification, sent to its recipient's user room (issue 17). */
  notificationCreated: 'notification-created',
  /** Notifications were marked read (in another tab or device): the new unread count, to the user's room. */
  notificationsRead: 'notifications-read',
  /** The owner edited title, description or thumbnail: to the video's room (and clients in no room). */
  videoUpdated: 'video-updated',
  /** A rung was published (issue 16): to the video's room (and clients in no room), so viewers learn of new qualities. */
  videoQualitiesUpdated: 'video-qualities-updated',
} as const;

export const RoomCommand = { joinVideo: 'join-video', leaveVideo: 'leave-video' } as const;

export interface LiveEventPayloads {
  'comment-reactions-updated': { videoId: string; commentId: string; totalLikes: number };
  'comment-updated': { videoId: string };
  'subscription-updated': { channelId: string; totalSubscribers: number; subscriberId: string; isSubscribed: boolean };
  'views-updated': { videoId: string; totalViews: number };
  'video-reaction-updated': { videoId: string; likes: number; disLikes: number };
  'transcode-progress': { videoId: string; status: 'processing' | 'ready' | 'failed'; progress: number; qualities: number[] };
  'notification-created': Notification;
  'notifications-read': { notificationId: string | null; unreadCount: number };
  'video-updated': { videoId: string; title: string; description: string; thumbnail: string; updatedAt: string };
  'video-qualities-updated': { videoId: string; qualities: number[]; pendingQualities: number[]; hlsUrl: string | null };
}

/** Spec section 4: reconnect 1 s to 5 s, jitter 0.5, unlimited attempts, 20 s connect timeout. */
export const LIVE_RECONNECT = {
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Infinity,
  timeout: 20000,
} as const;
