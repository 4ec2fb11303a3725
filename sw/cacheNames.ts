// The worker's runtime caches. downloads: the videos saved for offline by the page
// (src/features/downloads/downloadStore.ts).
export const CACHE_NAMES = { images: 'vidshare-images', api: 'vidshare-api', downloads: 'vidshare-downloads' } as const;
