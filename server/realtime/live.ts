// One function per live event of the spec. Video events reach the video's room plus the
// sockets that never joined a room (the spec's own clients join none), or, for a taken-down
// video, only its owner's sockets and the moderators (the audience: server/videos/visibility.ts).
import type { Server } from 'socket.io';
import { LiveEvent, type LiveEventPayloads } from '../../contract/events.js';
import type { LiveAudience } from '../videos/visibility.js';

export const ALL_ROOM = 'all';
export const videoRoom = (videoId: string) => `video:${videoId}`;
export const userRoom = (userId: string) => `user:${userId}`;
/** The sockets opened with one session's token: they close when that session ends. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/** Viewers of any of a channel's videos. */
export const channelRoom = (channelId: string) => `channel:${channelId}`;
/** Moderators and admins (joined on connect): the moderation queues' live updates. */
export const MODERATORS_ROOM = 'moderators';

const EVERYONE: LiveAudience = { kind: 'everyone' };

export interface LiveEvents {
  commentUpdated(videoId: string, audience?: LiveAudience): void;
  commentReactionsUpdated(payload: LiveEventPayloads['comment-reactions-updated'], audience?: LiveAudience): void;
  subscriptionUpdated(payload: LiveEventPayloads['subscription-updated']): void;
  viewsUpdated(payload: LiveEventPayloads['views-updated'], audience?: LiveAudience): void;
  videoReactionUpdated(payload: LiveEventPayloads['video-reaction-updated'], audience?: LiveAudience): void;
  transcodeProgress(ownerId: string, payload: LiveEventPayloads['transcode-progress']): void;
  notificationCreated(recipientId: string, payload: LiveEventPayloads['notification-created']): void;
  notificationsRead(recipientId: string, payload: LiveEventPayloads['notifications-read']): void;
  videoUpdated(payload: LiveEventPayloads['video-updated'], audience?: LiveAudience): void;
  videoQualitiesUpdated(payload: LiveEventPayloads['video-qualities-updated'], audience?: LiveAudience): void;
  moderationUpdated(payload: LiveEventPayloads['moderation-updated']): void;
  /** Closes the sockets opened with these sessions, in every process (through the Redis adapter). */
  disconnectSessions(sessionIds: string[]): void;
  /** The user's open sockets join or leave the moderators room (a role changed). */
  setModerator(userId: string, moderator: boolean): void;
}

export function createLiveEvents(io: Server): LiveEvents {
  const toVideo = (videoId: string, audience: LiveAudience = EVERYONE) =>
    audience.kind === 'everyone' ? io.to([videoRoom(videoId), ALL_ROOM]) : io.to([userRoom(audience.ownerId), MODERATORS_ROOM]);
  return {
    commentUpdated: (videoId, audience) => toVideo(videoId, audience).emit(LiveEvent.commentUpdated, { videoId }),
    commentReactionsUpdated: (payload, audience) => toVideo(payload.videoId, audience).emit(LiveEvent.commentReactionsUpdated, payload),
    viewsUpdated: (payload, audience) => toVideo(payload.videoId, audience).emit(LiveEvent.viewsUpdated, payload),
    videoReactionUpdated: (payload, audience) => toVideo(payload.videoId, audience).emit(LiveEvent.videoReactionUpdated, payload),
    subscriptionUpdated: (payload) =>
      io.to([userRoom(payload.channelId), userRoom(payload.subscriberId), channelRoom(payload.channelId), ALL_ROOM]).emit(LiveEvent.subscriptionUpdated, payload),
    transcodeProgress: (ownerId, payload) => io.to(userRoom(ownerId)).emit(LiveEvent.transcodeProgress, payload),
    notificationCreated: (recipientId, payload) => io.to(userRoom(recipientId)).emit(LiveEvent.notificationCreated, payload),
    notificationsRead: (recipientId, payload) => io.to(userRoom(recipientId)).emit(LiveEvent.notificationsRead, payload),
    videoUpdated: (payload, audience) => toVideo(payload.videoId, audience).emit(LiveEvent.videoUpdated, payload),
    videoQualitiesUpdated: (payload, audience) => toVideo(payload.videoId, audience).emit(LiveEvent.videoQualitiesUpdated, payload),
    moderationUpdated: (payload) => io.to(MODERATORS_ROOM).emit(LiveEvent.moderationUpdated, payload),
    disconnectSessions: (sessionIds) => {
      if (sessionIds.length) io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
    },
    setModerator: (userId, moderator) =>
      moderator ? io.in(userRoom(userId)).socketsJoin(MODERATORS_ROOM) : io.in(userRoom(userId)).socketsLeave(MODERATORS_ROOM),
  };
}
