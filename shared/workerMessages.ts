// Messages between the pages and their service worker (sw/sw.ts handles the pages' ones).

/** The page saw 'online': replay the offline queue now (for browsers without Background Sync). */
export const REPLAY_QUEUES_MESSAGE = 'REPLAY_QUEUES';
/** The page is about to switch to the waiting worker: the old one gives up its network requests. */
export const ABANDON_NETWORK_WORK_MESSAGE = 'ABANDON_NETWORK_WORK';
/** Posted by the worker with the answer of a re-auth check it replayed ({status, user}): a 401 signs out. */
export const REAUTH_RESULT_MESSAGE = 'REAUTH_RESULT';
