// A view of a downloaded video watched offline: queued on the device (the offline queue, with its
// Idempotency-Key) and reported once the network is back, through the spec's views call. Only the
// watch screen uses it, so it is injected with that chunk (its queueable definition is in offlineViewsQueue.ts).
import { api, type ApiBuilder } from '../api';
import { offlineViewsQueue } from './offlineViewsQueue';

const offlineViewsArea = {
  endpoints: (build: ApiBuilder) => ({
    reportOfflineView: build.mutation(offlineViewsQueue.reportOfflineView),
  }),
};

export const { useReportOfflineViewMutation } = api.injectEndpoints(offlineViewsArea);
