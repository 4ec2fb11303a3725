// The offline view report, a write that waits in the offline queue. Apart from offlineViews.ts (which
// only the watch screen loads) so that offlineEndpoints.ts can list it without injecting the area.
import type { ViewsInfo } from '../../../contract/entities';
import { queueable } from '../offline';
import { tags } from '../tags';

const reportOfflineView = queueable<ViewsInfo, string>({
  request: (videoId) => ({ url: `/views/add/${encodeURIComponent(videoId)}`, method: 'POST' }),
  offline: { label: () => 'Offline view', placeholder: () => ({ totalViews: 0, isViewed: true }) },
  invalidatesTags: (_result, _error, videoId) => [tags.views(videoId)],
});

/** By endpoint name (offlineEndpoints.ts reads it). */
export const offlineViewsQueue = { reportOfflineView };
