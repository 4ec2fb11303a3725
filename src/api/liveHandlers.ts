// What each live event does to the client: one entry per event, typed from the
// contract's payloads. Adding an event to `LiveEventPayloads` without an entry here fails to compile.
//
// Two kinds of work, both optional:
// - `apply`: changes made straight from the payload, at once. Events that carry the new values
//   (counts, titles, progress) patch the cached entries instead of waiting for a refetch.
// - `invalidates`: tags whose queries refetch, for what the payload cannot say (a new comment's
//   text, a list whose members changed).
// Counts never refetch: a like reaches every viewer of the video (and every client watching nothing),
// and a refetch there would turn one like into a request per viewer. Reactions and views name their
// actor: only the actor's own clients also take the actor's state (their reaction, their liked list).
// live.ts runs `apply` first, then invalidates. What only the screen shows (a system notification)
// is not done here: `apply` calls the screen's callback (`LiveScreen`), wired by the app.
import type { LiveEventPayloads } from '../../contract/events';
import type { Notification, Profile, Video } from '../../contract/entities';
import { api } from './api';
import type { commentsApi } from './endpoints/comments';
import { notificationsApi } from './endpoints/notifications';
import type { subscriptionsApi } from './endpoints/subscriptions';
import type { usersApi } from './endpoints/users';
import { videosApi } from './endpoints/videos';
import { type ModerationList, tags } from './tags';

export type LiveEventName = keyof LiveEventPayloads;
type Tag = ReturnType<(typeof tags)[keyof typeof tags]>;
export type LiveDispatch = (action: unknown) => unknown;

/** What the screen does on live events beyond the cache (given by the app, src/app/liveConnection.ts). */
export interface LiveScreen {
  notificationArrived(notification: Notification): void;
}

/** Who an event reaches: the store, the signed-in user's id (null signed out), to tell their own actions apart, and the screen. */
export interface LiveReceiver {
  dispatch: LiveDispatch;
  userId: string | null;
  screen: LiveScreen;
}

interface LiveHandler<E extends LiveEventName> {
  apply?: (payload: LiveEventPayloads[E], receiver: LiveReceiver) => void;
  invalidates?: (payload: LiveEventPayloads[E], userId: string | null) => Tag[];
}

// Every area injects its endpoints into the one api object, so these are `api` under each area's
// type: importing the areas themselves would make the first load's chunk export them to this one.
const commentsCache = api as unknown as typeof commentsApi;
const subscriptionsCache = api as unknown as typeof subscriptionsApi;
const usersCache = api as unknown as typeof usersApi;

/** The open video (getVideo's cache entry) takes the values the event carries. */
const patchOpenVideo = (dispatch: LiveDispatch, videoId: string, change: (video: Video) => void) =>
  dispatch(videosApi.util.updateQueryData('getVideo', videoId, change));

/** Every cached profile of the channel (they are cached by username; the event names the id). */
const patchProfiles = (dispatch: LiveDispatch, channelId: string, change: (profile: Profile) => void) =>
  dispatch((thunkDispatch: LiveDispatch, getState: () => Parameters<typeof api.util.selectInvalidatedBy>[0]) => {
    for (const entry of api.util.selectInvalidatedBy(getState(), [tags.profile(channelId)])) {
      if (entry.endpointName === 'getProfile') thunkDispatch(usersCache.util.updateQueryData('getProfile', entry.originalArgs as string, change));
    }
  });

/** Which moderation lists each kind of 'moderation-updated' refreshes (a report's card shows takedowns and suspensions too). */
const MODERATION_LISTS: Record<LiveEventPayloads['moderation-updated']['kind'], ModerationList[]> = {
  report: ['reports', 'log'],
  takedown: ['takedowns', 'reports', 'log'],
  suspension: ['suspensions', 'reports', 'users', 'log'],
  account: ['users', 'reports', 'takedowns', 'suspensions', 'log'],
  log: ['log'],
};

/** One entry per event; the mapped type makes a missing or misspelt event a compile error. */
export type LiveHandlerTable = { [E in LiveEventName]: LiveHandler<E> };

export const liveHandlers: LiveHandlerTable = {
  'comment-reactions-updated': {
    // The count for everyone, the heart for the actor; only the list of who liked it (read by no screen) is stale.
    apply: ({ videoId, commentId, totalLikes, actorId, actorLiked }, { dispatch, userId }) =>
      dispatch(
        commentsCache.util.updateQueryData('getComments', videoId, (list) => {
          const comment = list.find((c) => c._id === commentId);
          if (comment) Object.assign(comment, actorId === userId ? { totalLikes, isLiked: actorLiked } : { totalLikes });
        }),
      ),
    invalidates: ({ commentId }) => [tags.commentReactions(commentId)],
  },
  'comment-updated': {
    invalidates: ({ videoId }) => [tags.commentsOf(videoId)],
  },
  'subscription-updated': {
    // The count for everyone (watch page and profile), the subscribed state for the subscriber.
    apply: ({ channelId, totalSubscribers, subscriberId, isSubscribed }, { dispatch, userId }) => {
      const mine = subscriberId === userId;
      dispatch(
        subscriptionsCache.util.updateQueryData('getSubscriptionStatus', channelId, (status) =>
          void Object.assign(status, mine ? { totalSubscribers, isSubscribed } : { totalSubscribers }),
        ),
      );
      patchProfiles(dispatch, channelId, (profile) => void Object.assign(profile, mine ? { subscribersCount: totalSubscribers, isSubscribed } : { subscribersCount: totalSubscribers }));
    },
    // The subscriber's list of channels changed; their own clients also refetch their feed and the profile's notify flag.
    invalidates: ({ channelId, subscriberId }, userId) => [
      tags.subscriptionsBy(subscriberId),
      ...(subscriberId === userId ? [tags.mySubscriptions(), tags.profile(channelId)] : []),
    ],
  },
  'views-updated': {
    // The count is in the event: the open video and its views info are patched, never refetched.
    apply: ({ videoId, totalViews, actorId }, { dispatch, userId }) => {
      patchOpenVideo(dispatch, videoId, (video) => void (video.views = totalViews));
      dispatch(
        videosApi.util.updateQueryData('getViews', videoId, (info) => void Object.assign(info, actorId === userId ? { totalViews, isViewed: true } : { totalViews })),
      );
    },
  },
  'video-reaction-updated': {
    // The counts for everyone, the reaction for the actor: nobody refetches the video.
    apply: ({ videoId, likes, disLikes, actorId, actorReaction }, { dispatch, userId }) =>
      patchOpenVideo(dispatch, videoId, (video) => void Object.assign(video, actorId === userId ? { likes, disLikes, userReaction: actorReaction } : { likes, disLikes })),
    // The lists of who reacted (read by no screen) changed for everyone; the liked list only for the actor.
    invalidates: ({ videoId, actorId }, userId) => [tags.videoReactions(videoId), ...(actorId === userId ? [tags.likedVideos()] : [])],
  },
  'transcode-progress': {
    // Every tick patches the open video; lists refetch only once it is done (or failed).
    apply: ({ videoId, status, progress, qualities }, { dispatch }) =>
      patchOpenVideo(dispatch, videoId, (video) => void Object.assign(video, { status, progress, qualities })),
    invalidates: ({ videoId, status, progress }) => (status === 'failed' || progress >= 100 ? [tags.video(videoId), tags.videos()] : []),
  },
  'notification-created': {
    // In the background the user may still want to know: a system notification, where allowed.
    apply: (notification, { screen }) => screen.notificationArrived(notification),
    invalidates: () => [tags.notifications(), tags.unreadNotifications()],
  },
  'notifications-read': {
    apply: ({ unreadCount }, { dispatch }) => dispatch(notificationsApi.util.upsertQueryData('getUnreadCount', undefined, unreadCount)),
    invalidates: () => [tags.notifications(), tags.unreadNotifications()],
  },
  'video-updated': {
    // The open video is patched from the event; lists showing its card refetch.
    apply: ({ videoId, title, description, thumbnail, updatedAt }, { dispatch }) =>
      patchOpenVideo(dispatch, videoId, (video) => void Object.assign(video, { title, description, thumbnail, updatedAt })),
    invalidates: () => [tags.videos(), tags.subscriptionFeed()],
  },
  'moderation-updated': {
    // To moderators only: the lists of the moderation screen that changed (every change is logged).
    invalidates: ({ kind }) => MODERATION_LISTS[kind].map((list) => tags.moderation(list)),
  },
  'video-qualities-updated': {
    // A rung landed: the player offers it, and plays HLS once the first exists. Nothing refetches.
    apply: ({ videoId, qualities, pendingQualities, hlsUrl }, { dispatch }) =>
      patchOpenVideo(dispatch, videoId, (video) => {
        Object.assign(video, { qualities, pendingQualities });
        if (hlsUrl) video.hlsUrl = hlsUrl;
      }),
  },
};

/**
 * What a signed-in client refetches each time its socket connects: an event sent while it was not
 * connected (before the first connection, made in idle time after the page's first fetches, or
 * during a reconnection) never arrives, and only these lists are kept current by events alone.
 * Counts and other screens' data are fetched as screens open; they are not worth a request per
 * page load.
 */
export function catchUp({ dispatch, userId }: Pick<LiveReceiver, 'dispatch' | 'userId'>): void {
  if (userId) dispatch(api.util.invalidateTags([tags.notifications(), tags.unreadNotifications()]));
}

/** The tags an event invalidates for `userId`'s client (none when its handler only patches). */
export function tagsFor<E extends LiveEventName>(event: E, payload: LiveEventPayloads[E], userId: string | null = null): Tag[] {
  return liveHandlers[event].invalidates?.(payload, userId) ?? [];
}

/** Runs an event's handler: its changes from the payload, then its invalidations (if any). */
export function handleLiveEvent<E extends LiveEventName>(event: E, payload: LiveEventPayloads[E], receiver: LiveReceiver): void {
  liveHandlers[event].apply?.(payload, receiver);
  const stale = tagsFor(event, payload, receiver.userId);
  if (stale.length) receiver.dispatch(api.util.invalidateTags(stale));
}
