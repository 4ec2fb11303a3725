// Watch later's writes that may wait in the offline queue. Apart from watchLater.ts (which only lazy
// screens load) so that offlineEndpoints.ts can list them without injecting the area.
import type { WatchLaterState } from '../../../contract/entities';
import { queueable } from '../offline';
import { tags } from '../tags';

const path = (videoId: string) => `/watch-later/${encodeURIComponent(videoId)}`;

const saveToWatchLater = queueable<WatchLaterState, string>({
  request: (videoId) => ({ url: path(videoId), method: 'POST' }),
  offline: { label: () => 'Save to Watch later', placeholder: (videoId, { createdAt }) => ({ videoId, saved: true, savedAt: new Date(createdAt).toISOString() }) },
  invalidatesTags: [tags.watchLater()],
});

const removeFromWatchLater = queueable<WatchLaterState, string>({
  request: (videoId) => ({ url: path(videoId), method: 'DELETE' }),
  offline: { label: () => 'Remove from Watch later', placeholder: (videoId) => ({ videoId, saved: false, savedAt: null }) },
  invalidatesTags: [tags.watchLater()],
});

/** The area's writes that may wait in the offline queue, by endpoint name (offlineEndpoints.ts reads them). */
export const watchLaterQueue = { saveToWatchLater, removeFromWatchLater };
