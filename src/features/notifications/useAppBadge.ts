// While the app is open, its icon's badge follows the unread count (the service worker sets it
// from pushes while the app is closed). Platforms without a badge ignore it.
import { useEffect } from 'react';
import { useUnreadCount } from './useUnreadCount';

export function useAppBadge(): void {
  const unread = useUnreadCount();
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('setAppBadge' in navigator)) return;
    void (unread > 0 ? navigator.setAppBadge(unread) : navigator.clearAppBadge()).catch(() => undefined);
  }, [unread]);
}
