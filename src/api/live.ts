// The live connection (spec section 4): socket.io events become tag invalidations, so every screen
// showing the changed data refetches. Loaded after first paint (socket.io-client is 12 KB gzip).
import { io, type Socket } from 'socket.io-client';
import { LIVE_RECONNECT, LiveEvent, type LiveEventPayloads, RoomCommand } from '../../contract/events';
import { getToken } from '../lib/storage';
import { showSystemNotification } from '../features/notifications/systemNotification';
import { api } from './api';
import { notificationsApi } from './endpoints/notifications';
import { videosApi } from './endpoints/videos';
import { tags } from './tags';

type Dispatch = (action: unknown) => unknown;

let socket: Socket | null = null;
const joinedVideos = new Set<string>();

/** Tags each event invalidates (exported for tests). */
export function tagsFor<E extends keyof LiveEventPayloads>(event: E, payload: LiveEventPayloads[E]) {
  switch (event) {
    case LiveEvent.commentReactionsUpdated: {
      const { commentId } = payload as LiveEventPayloads['comment-reactions-updated'];
      return [tags.commentReactions(commentId), tags.comment(commentId)];
    }
    case LiveEvent.commentUpdated: {
      const { videoId } = payload as LiveEventPayloads['comment-updated'];
      return [tags.commentsOf(videoId)];
    }
    case LiveEvent.subscriptionUpdated: {
      const { channelId, subscriberId } = payload as LiveEventPayloads['subscription-updated'];
      return [tags.subscription(channelId), tags.profile(channelId), tags.subscriptionsBy(subscriberId)];
    }
    case LiveEvent.viewsUpdated: {
      const { videoId } = payload as LiveEventPayloads['views-updated'];
      return [tags.views(videoId)];
    }
    case LiveEvent.videoReactionUpdated: {
      const { videoId } = payload as LiveEventPayloads['video-reaction-updated'];
      return [tags.videoReactions(videoId), tags.video(videoId), tags.likedVideos()];
    }
    case LiveEvent.transcodeProgress: {
      // Progress ticks patch the open video (see connectLive); lists refresh once it is done.
      const { videoId, status, progress } = payload as LiveEventPayloads['transcode-progress'];
      return status === 'failed' || progress >= 100 ? [tags.video(videoId), tags.videos()] : [];
    }
    case LiveEvent.notificationCreated:
    case LiveEvent.notificationsRead:
      return [tags.notifications(), tags.unreadNotifications()];
    case LiveEvent.videoUpdated: {
      // The open video is patched from the event (connectLive); lists showing its card refetch.
      return [tags.videos(), tags.subscriptionFeed()];
    }
    default:
      return [];
  }
}

const EVENTS = Object.values(LiveEvent);

export function connectLive(dispatch: Dispatch): Socket {
  if (socket) return socket;
  socket = io({
    path: '/socket.io',
    transports: ['websocket'],
    ...LIVE_RECONNECT,
    // Read at every (re)connection, so a new login is used without rebuilding the socket.
    auth: (callback) => callback({ token: getToken() ?? undefined }),
  });
  for (const event of EVENTS) {
    socket.on(event, (payload: LiveEventPayloads[typeof event]) => {
      if (event === LiveEvent.viewsUpdated) {
        const { videoId, totalViews } = payload as LiveEventPayloads['views-updated'];
        // The count is in the event: patch the open video instead of refetching it.
        dispatch(videosApi.util.updateQueryData('getVideo', videoId, (video) => void (video.views = totalViews)));
      }
      if (event === LiveEvent.videoReactionUpdated) {
        // The counts are in the event: shown at once; the refetch below brings the caller's own reaction.
        const { videoId, likes, disLikes } = payload as LiveEventPayloads['video-reaction-updated'];
        dispatch(videosApi.util.updateQueryData('getVideo', videoId, (video) => void Object.assign(video, { likes, disLikes })));
      }
      if (event === LiveEvent.transcodeProgress) {
        const { videoId, status, progress, qualities } = payload as LiveEventPayloads['transcode-progress'];
        dispatch(videosApi.util.updateQueryData('getVideo', videoId, (video) => void Object.assign(video, { status, progress, qualities })));
      }
      if (event === LiveEvent.videoUpdated) {
        const { videoId, title, description, thumbnail, updatedAt } = payload as LiveEventPayloads['video-updated'];
        dispatch(videosApi.util.updateQueryData('getVideo', videoId, (video) => void Object.assign(video, { title, description, thumbnail, updatedAt })));
      }
      if (event === LiveEvent.notificationsRead) {
        const { unreadCount } = payload as LiveEventPayloads['notifications-read'];
        dispatch(notificationsApi.util.upsertQueryData('getUnreadCount', undefined, unreadCount));
      }
      if (event === LiveEvent.notificationCreated) void showSystemNotification(payload as LiveEventPayloads['notification-created']);
      if (event === LiveEvent.videoQualitiesUpdated) {
        // A rung landed (issue 16): the player offers it, and plays HLS once the first exists.
        const { videoId, qualities, pendingQualities, hlsUrl } = payload as LiveEventPayloads['video-qualities-updated'];
        dispatch(
          videosApi.util.updateQueryData('getVideo', videoId, (video) => {
            Object.assign(video, { qualities, pendingQualities });
            if (hlsUrl) video.hlsUrl = hlsUrl;
          }),
        );
      }
      dispatch(api.util.invalidateTags(tagsFor(event, payload)));
    });
  }
  socket.on('connect', () => {
    for (const videoId of joinedVideos) socket?.emit(RoomCommand.joinVideo, videoId);
  });
  return socket;
}

/** The watch screen joins its video's room; returns the leave function. */
export function joinVideoRoom(videoId: string): () => void {
  joinedVideos.add(videoId);
  socket?.emit(RoomCommand.joinVideo, videoId);
  return () => {
    joinedVideos.delete(videoId);
    socket?.emit(RoomCommand.leaveVideo, videoId);
  };
}

/** After sign-in or sign-out: reconnect so the handshake carries the current token. */
export function reconnectLive(): void {
  if (!socket) return;
  socket.disconnect();
  socket.connect();
}

export function disconnectLive(): void {
  socket?.disconnect();
  socket = null;
}
