// Reports from the watch screen's Report menu (an addition to the spec's calls); a comment's report
// is injected by the report dialog's own chunk (commentReports.ts).
import type { Report } from '../../../contract/entities';
import type { ReportReason } from '../../../contract/limits';
import { api } from '../api';
import { tags } from '../tags';

const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    reportVideo: build.mutation<Report, { videoId: string; reason: ReportReason; details?: string }>({
      query: ({ videoId, reason, details }) => ({ url: `/reports/video/${encodeURIComponent(videoId)}`, method: 'POST', body: { reason, details } }),
      invalidatesTags: (_report, _error, { videoId }) => [tags.report(videoId)],
    }),
    /** Whether the caller already reported the video (409 on a second report). */
    getMyReport: build.query<{ reported: boolean }, string>({
      query: (videoId) => `/reports/video/${encodeURIComponent(videoId)}/mine`,
      providesTags: (_status, _error, videoId) => [tags.report(videoId)],
    }),
  }),
});

export const { useReportVideoMutation, useGetMyReportQuery } = reportsApi;
