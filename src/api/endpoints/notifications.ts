// Notification calls: the signed-in user's list with the unread count, marking read, and the
// kinds the server makes (preferences). 'notification-created' and 'notifications-read' arrive live
// (src/api/liveHandlers.ts) and refresh these through the 'Notification' tag.
import type { Notification, NotificationPage, NotificationPreferences, NotificationPreferencesPatch, NotificationReadResult } from '../../../contract/entities';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../api';
import { tags } from '../tags';
import { pagedByNumber } from './paging';

/** The badge's query: one row is enough, the answer carries the unread count. */
const UNREAD = { page: 1, limit: 1 } as const;

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotifications: build.infiniteQuery<NotificationPage, void, number>({
      infiniteQueryOptions: pagedByNumber,
      query: ({ pageParam }) => ({ url: '/notifications', params: { page: pageParam } }),
      providesTags: [tags.notifications()],
    }),
    /** The unread count for the bell and the bottom bar. */
    getUnreadCount: build.query<number, void>({
      query: () => ({ url: '/notifications', params: UNREAD }),
      transformResponse: (page: NotificationPage) => page.unreadCount,
      providesTags: [tags.unreadNotifications()],
    }),
    markNotificationRead: build.mutation<NotificationReadResult, string>({
      query: (notificationId) => ({ url: `/notifications/read/${encodeURIComponent(notificationId)}`, method: 'PATCH' }),
      onQueryStarted: (notificationId, lifecycle) => markReadOptimistically(lifecycle, (item) => item._id === notificationId),
    }),
    markAllNotificationsRead: build.mutation<NotificationReadResult, void>({
      query: () => ({ url: '/notifications/read-all', method: 'PATCH' }),
      onQueryStarted: (_arg, lifecycle) => markReadOptimistically(lifecycle, () => true),
    }),
    getNotificationPreferences: build.query<NotificationPreferences, void>({
      query: () => '/notifications/preferences',
      providesTags: [tags.notificationPreferences()],
    }),
    setNotificationPreferences: build.mutation<NotificationPreferences, NotificationPreferencesPatch>({
      query: (body) => ({ url: '/notifications/preferences', method: 'PATCH', body }),
      async onQueryStarted(patch, { dispatch, queryFulfilled }) {
        const optimistic = dispatch(notificationsApi.util.updateQueryData('getNotificationPreferences', undefined, (current) => void Object.assign(current, patch)));
        try {
          const { data } = await queryFulfilled;
          dispatch(notificationsApi.util.upsertQueryData('getNotificationPreferences', undefined, data));
        } catch {
          optimistic.undo();
        }
      },
    }),
  }),
});

/** Marking read: the matching notifications show read at once; the answer's count sets the badge; a failure undoes it. */
async function markReadOptimistically(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the lifecycle's own dispatch type
  { dispatch, queryFulfilled }: { dispatch: ThunkDispatch<any, any, UnknownAction>; queryFulfilled: Promise<{ data: NotificationReadResult }> },
  isMarked: (item: Notification) => boolean,
): Promise<void> {
  const patch = dispatch(
    notificationsApi.util.updateQueryData('getNotifications', undefined, (data) => {
      for (const page of data.pages) for (const item of page.notifications) if (isMarked(item)) item.read = true;
    }),
  );
  try {
    const { data } = await queryFulfilled;
    dispatch(notificationsApi.util.upsertQueryData('getUnreadCount', undefined, data.unreadCount));
  } catch {
    patch.undo();
  }
}

export const {
  useGetNotificationsInfiniteQuery,
  useGetUnreadCountQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useGetNotificationPreferencesQuery,
  useSetNotificationPreferencesMutation,
} = notificationsApi;
