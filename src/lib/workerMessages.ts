// Messages a page posts to its service worker (sw/sw.ts handles them).

/** The page saw 'online': replay the queued re-auth check now (for browsers without Background Sync). */
export const REPLAY_QUEUES_MESSAGE = 'REPLAY_QUEUES';
/** The page is about to switch to the waiting worker: the old one gives up its network requests. */
export const ABANDON_NETWORK_WORK_MESSAGE = 'ABANDON_NETWORK_WORK';
/** The app opened (or Downloads changed its settings): run smart downloads now (sw/smartDownloads.ts). */
export const RUN_SMART_DOWNLOADS_MESSAGE = 'RUN_SMART_DOWNLOADS';
/** Posted by the worker after a smart run changed the saved videos: pages read them again. */
export const DOWNLOADS_CHANGED_MESSAGE = 'DOWNLOADS_CHANGED';
