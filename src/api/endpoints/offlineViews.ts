// A view of a downloaded video watched offline: queued on the device (the offline queue, with its
// Idempotency-Key) and reported once the network is back, through the spec's views call. Only the
// watch screen uses it, so it is injected with that chunk and adds its queueable write then.
import type { ViewsInfo } from '../../../contract/entities';
import { api, type ApiBuilder } from '../api';
import { queueable } from '../offline';
import { addQueueable } from '../offlineEndpoints';
import { tags } from '../tags';

const reportOfflineView = queueable<ViewsInfo, string>({
  request: (videoId) => ({ url: `/views/add/${encodeURIComponent(videoId)}`, method: 'POST' }),
  offline: { label: () => 'Offline view', placeholder: () => ({ totalViews: 0, isViewed: true }) },
  invalidatesTags: (_result, _error, videoId) => [tags.views(videoId)],
});

const offlineViewsArea = {
  endpoints: (build: ApiBuilder) => ({
    reportOfflineView: build.mutation(reportOfflineView),
  }),
};

addQueueable({ reportOfflineView });
export const { useReportOfflineViewMutation } = api.injectEndpoints(offlineViewsArea);
