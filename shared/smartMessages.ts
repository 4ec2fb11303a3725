// Messages between the pages and the service worker about smart downloads (sw/smartDownloads.ts).
// Apart from lib/workerMessages.ts, which the boot bundles: only lazy chunks and the worker use these.

/** The app opened (or Downloads changed its settings): run smart downloads now. */
export const RUN_SMART_DOWNLOADS_MESSAGE = 'RUN_SMART_DOWNLOADS';
/** Posted by the worker after a smart run changed the saved videos: pages read them again. */
export const DOWNLOADS_CHANGED_MESSAGE = 'DOWNLOADS_CHANGED';

/** The one 'ready to watch offline' notification's tag: a newer one replaces it. */
export const READY_NOTIFICATION_TAG = 'vidshare-offline-ready';
export const readyNotificationTitle = (count: number): string => `${count} new ${count === 1 ? 'video' : 'videos'} ready to watch offline`;
