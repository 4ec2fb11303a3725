// Messages a page posts to its service worker (sw/sw.ts handles them).

/** The page saw 'online': replay the queued re-auth check now (for browsers without Background Sync). */
export const REPLAY_QUEUES_MESSAGE = 'REPLAY_QUEUES';
/** The page is about to switch to the waiting worker: the old one gives up its network requests. */
export const ABANDON_NETWORK_WORK_MESSAGE = 'ABANDON_NETWORK_WORK';
