// The live connection as the app runs it: the data layer (api/live.ts) keeps the cache current,
// and what only the screen does on an event is wired here. Loaded after first paint, with it.
import { connectLive } from '../api/live';
import type { LiveDispatch } from '../api/liveHandlers';
import { showSystemNotification } from '../features/notifications/systemNotification';

export function startLive(dispatch: LiveDispatch): void {
  connectLive(dispatch, {
    // In the background the user may still want to know: a system notification, where allowed.
    notificationArrived: (notification) => void showSystemNotification(notification),
  });
}
