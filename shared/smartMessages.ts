// Messages between the pages and the service worker about smart downloads (sw/smartDownloads.ts).
// Apart from lib/workerMessages.ts, which the boot bundles: only lazy chunks and the worker use these.

/** The app opened (or Downloads changed its settings): run smart downloads now. */
export const RUN_SMART_DOWNLOADS_MESSAGE = 'RUN_SMART_DOWNLOADS';
/** Posted by the worker after a smart run changed the saved videos: pages read them again. */
export const DOWNLOADS_CHANGED_MESSAGE = 'DOWNLOADS_CHANGED';
