// The creator studio's reads (injected when the studio's chunk loads). No tags: each visit asks
// again (the numbers come from rollups the server refreshes every few seconds).
import type { StudioOverview, StudioRange, StudioVideo } from '../../../contract/analytics';
import { api } from '../api';

const studioApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStudioOverview: build.query<StudioOverview, StudioRange>({
      query: (range) => ({ url: '/studio/overview', params: { range } }),
    }),
    getStudioVideo: build.query<StudioVideo, { videoId: string; range: StudioRange }>({
      query: ({ videoId, range }) => ({ url: `/studio/videos/${encodeURIComponent(videoId)}`, params: { range } }),
    }),
  }),
});

export const { useGetStudioOverviewQuery, useGetStudioVideoQuery } = studioApi;
