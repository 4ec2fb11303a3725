// The live connection (spec section 4): socket.io events become tag invalidations, so every screen
// showing the changed data refetches. Loaded after first paint (socket.io-client is 12 KB gzip).
import { io, type Socket } from 'socket.io-client';
import { LIVE_RECONNECT, LiveEvent, type LiveEventPayloads, RoomCommand } from '../../contract/events';
import { getToken } from '../lib/storage';
import { api, LIST } from './api';
import { videosApi } from './endpoints/videos';

type Dispatch = (action: unknown) => unknown;

let socket: Socket | null = null;
const joinedVideos = new Set<string>();

/** Tags each event invalidates (exported for tests). */
export function tagsFor<E extends keyof LiveEventPayloads>(event: E, payload: LiveEventPayloads[E]) {
  switch (event) {
    case LiveEvent.commentReactionsUpdated: {
      const { commentId } = payload as LiveEventPayloads['comment-reactions-updated'];
      return [
        { type: 'CommentReaction' as const, id: commentId },
        { type: 'Comment' as const, id: commentId },
      ];
    }
    case LiveEvent.commentUpdated: {
      const { videoId } = payload as LiveEventPayloads['comment-updated'];
      return [{ type: 'Comment' as const, id: `VIDEO-${videoId}` }];
    }
    case LiveEvent.subscriptionUpdated: {
      const { channelId, subscriberId } = payload as LiveEventPayloads['subscription-updated'];
      return [
        { type: 'Subscription' as const, id: channelId },
        { type: 'Profile' as const, id: channelId },
        { type: 'Subscription' as const, id: `BY-${subscriberId}` },
      ];
    }
    case LiveEvent.viewsUpdated: {
      const { videoId } = payload as LiveEventPayloads['views-updated'];
      return [{ type: 'Views' as const, id: videoId }];
    }
    case LiveEvent.videoReactionUpdated: {
      const { videoId } = payload as LiveEventPayloads['video-reaction-updated'];
      return [
        { type: 'VideoReaction' as const, id: videoId },
        { type: 'Video' as const, id: videoId },
        { type: 'LikedVideo' as const, id: LIST },
      ];
    }
    case LiveEvent.transcodeProgress: {
      // Progress ticks patch the open video (see connectLive); lists refresh once it is done.
      const { videoId, status, progress } = payload as LiveEventPayloads['transcode-progress'];
      return status === 'failed' || progress >= 100
        ? [
            { type: 'Video' as const, id: videoId },
            { type: 'Video' as const, id: LIST },
          ]
        : [];
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
