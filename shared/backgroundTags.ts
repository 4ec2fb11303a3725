// Periodic Background Sync tags, registered by the page (features/pwa) and handled by the worker.

/** Refreshes the subscriptions feed and its thumbnails into the caches. */
export const SUBSCRIPTIONS_REFRESH_TAG = 'vidshare-refresh-subscriptions';
