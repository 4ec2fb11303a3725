// Live events (spec section 4) and the rooms protocol (issue 3).
export const LiveEvent = {
  commentReactionsUpdated: 'comment-reactions-updated',
  commentUpdated: 'comment-updated',
  subscriptionUpdated: 'subscription-updated',
  viewsUpdated: 'views-updated',
  videoReactionUpdated: 'video-reaction-updated',
  /** Transcoding progress, sent to the video owner's room only. */
  transcodeProgress: 'transcode-progress',
} as const;

export const RoomCommand = { joinVideo: 'join-video', leaveVideo: 'leave-video' } as const;

export interface LiveEventPayloads {
  'comment-reactions-updated': { videoId: string; commentId: string; totalLikes: number };
  'comment-updated': { videoId: string };
  'subscription-updated': { channelId: string; totalSubscribers: number; subscriberId: string; isSubscribed: boolean };
  'views-updated': { videoId: string; totalViews: number };
  'video-reaction-updated': { videoId: string; likes: number; disLikes: number };
  'transcode-progress': { videoId: string; status: 'processing' | 'ready' | 'failed'; progress: number; qualities: number[] };
}

/** Spec section 4: reconnect 1 s to 5 s, jitter 0.5, unlimited attempts, 20 s connect timeout. */
export const LIVE_RECONNECT = {
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Infinity,
  timeout: 20000,
} as const;
