// The unread count behind the bell and the bottom bar (0 when signed out). Kept fresh by the live
// 'notification-created' and 'notifications-read' events.
import { useAppSelector } from '../../lib/hooks';
import { useGetUnreadCountQuery } from '../../api/endpoints/notifications';
import { selectIsSignedIn } from '../auth/authSlice';

export function useUnreadCount(): number {
  const signedIn = useAppSelector(selectIsSignedIn);
  const { data } = useGetUnreadCountQuery(undefined, { skip: !signedIn });
  return signedIn ? (data ?? 0) : 0;
}

/** "Notifications, 3 unread" for the buttons whose badge is a picture. */
export const notificationsLabel = (unread: number) => (unread ? `Notifications, ${unread} unread` : 'Notifications');
