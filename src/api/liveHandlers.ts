// What each live event does to the client: one entry per event, typed from the
// contract's payloads. Adding an event to `LiveEventPayloads` without an entry here fails to compile.
//
// Two kinds of work, both optional:
// - `apply`: changes made straight from the payload, at once. Events that carry the new values
//   (counts, titles, progress) patch the cached video instead of waiting for a refetch.
// - `invalidates`: tags whose queries refetch, so every screen showing the changed data updates.
// live.ts runs `apply` first, then invalidates. What only the screen shows (a system notification)
// is not done here: `apply` calls the screen's callback (`LiveScreen`), wired by the app.
import type { LiveEventPayloads } from '../../contract/events';
import type { Notification, Video } from '../../contract/entities';
import { api } from './api';
import { notificationsApi } from './endpoints/notifications';
import { videosApi } from './endpoints/videos';
import { type ModerationList, tags } from './tags';

export type LiveEventName = keyof LiveEventPayloads;
type Tag = ReturnType<(typeof tags)[keyof typeof tags]>;
export type LiveDispatch = (action: unknown) => unknown;

/** What the screen does on live events beyond the cache (given by the app, src/app/liveConnection.ts). */
export interface LiveScreen {
  notificationArrived(notification: Notification): void;
}

interface LiveHandler<E extends LiveEventName> {
  apply?: (payload: LiveEventPayloads[E], dispatch: LiveDispatch, screen: LiveScreen) => void;
  invalidates?: (payload: LiveEventPayloads[E]) => Tag[];
}

/** The open video (getVideo's cache entry) takes the values the event carries. */
const patchOpenVideo = (dispatch: LiveDispatch, videoId: string, change: (video: Video) => void) =>
  dispatch(videosApi.util.updateQueryData('getVideo', videoId, change));

/** Which moderation lists each kind of 'moderation-updated' refreshes (a report's card shows takedowns and suspensions too). */
const MODERATION_LISTS: Record<LiveEventPayloads['moderation-updated']['kind'], ModerationList[]> = {
  report: ['reports', 'log'],
  takedown: ['takedowns', 'reports', 'log'],
  suspension: ['suspensions', 'reports', 'log'],
  log: ['log'],
};

/** One entry per event; the mapped type makes a missing or misspelt event a compile error. */
export type LiveHandlerTable = { [E in LiveEventName]: LiveHandler<E> };

export const liveHandlers: LiveHandlerTable = {
  'comment-reactions-updated': {
    invalidates: ({ commentId }) => [tags.commentReactions(commentId), tags.comment(commentId)],
  },
  'comment-updated': {
    invalidates: ({ videoId }) => [tags.commentsOf(videoId)],
  },
  'subscription-updated': {
    invalidates: ({ channelId, subscriberId }) => [tags.subscription(channelId), tags.profile(channelId), tags.subscriptionsBy(subscriberId)],
  },
  'views-updated': {
    // The count is in the event: the open video is patched instead of refetched.
    apply: ({ videoId, totalViews }, dispatch) => patchOpenVideo(dispatch, videoId, (video) => void (video.views = totalViews)),
    invalidates: ({ videoId }) => [tags.views(videoId)],
  },
  'video-reaction-updated': {
    // The counts show at once; the refetch brings the caller's own reaction.
    apply: ({ videoId, likes, disLikes }, dispatch) => patchOpenVideo(dispatch, videoId, (video) => void Object.assign(video, { likes, disLikes })),
    invalidates: ({ videoId }) => [tags.videoReactions(videoId), tags.video(videoId), tags.likedVideos()],
  },
  'transcode-progress': {
    // Every tick patches the open video; lists refetch only once it is done (or failed).
    apply: ({ videoId, status, progress, qualities }, dispatch) =>
      patchOpenVideo(dispatch, videoId, (video) => void Object.assign(video, { status, progress, qualities })),
    invalidates: ({ videoId, status, progress }) => (status === 'failed' || progress >= 100 ? [tags.video(videoId), tags.videos()] : []),
  },
  'notification-created': {
    // In the background the user may still want to know: a system notification, where allowed.
    apply: (notification, _dispatch, screen) => screen.notificationArrived(notification),
    invalidates: () => [tags.notifications(), tags.unreadNotifications()],
  },
  'notifications-read': {
    apply: ({ unreadCount }, dispatch) => dispatch(notificationsApi.util.upsertQueryData('getUnreadCount', undefined, unreadCount)),
    invalidates: () => [tags.notifications(), tags.unreadNotifications()],
  },
  'video-updated': {
    // The open video is patched from the event; lists showing its card refetch.
    apply: ({ videoId, title, description, thumbnail, updatedAt }, dispatch) =>
      patchOpenVideo(dispatch, videoId, (video) => void Object.assign(video, { title, description, thumbnail, updatedAt })),
    invalidates: () => [tags.videos(), tags.subscriptionFeed()],
  },
  'moderation-updated': {
    // To moderators only: the lists of the moderation screen that changed (every change is logged).
    invalidates: ({ kind }) => MODERATION_LISTS[kind].map((list) => tags.moderation(list)),
  },
  'video-qualities-updated': {
    // A rung landed: the player offers it, and plays HLS once the first exists. Nothing refetches.
    apply: ({ videoId, qualities, pendingQualities, hlsUrl }, dispatch) =>
      patchOpenVideo(dispatch, videoId, (video) => {
        Object.assign(video, { qualities, pendingQualities });
        if (hlsUrl) video.hlsUrl = hlsUrl;
      }),
  },
};

/** The tags an event invalidates (none when its handler only patches). */
export function tagsFor<E extends LiveEventName>(event: E, payload: LiveEventPayloads[E]): Tag[] {
  return liveHandlers[event].invalidates?.(payload) ?? [];
}

/** Runs an event's handler: its changes from the payload, then its invalidations. */
export function handleLiveEvent<E extends LiveEventName>(event: E, payload: LiveEventPayloads[E], dispatch: LiveDispatch, screen: LiveScreen): void {
  liveHandlers[event].apply?.(payload, dispatch, screen);
  dispatch(api.util.invalidateTags(tagsFor(event, payload)));
}
