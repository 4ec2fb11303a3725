// A comment's report (POST /reports/comment/{id}, an addition to the spec's calls): injected when the
// report dialog's chunk loads, so the first load does not carry it.
import type { Report } from '../../../contract/entities';
import type { ReportReason } from '../../../contract/limits';
import { api } from '../api';

const commentReportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** 409 when the caller already reported the comment, 403 for their own comment. */
    reportComment: build.mutation<Report, { commentId: string; reason: ReportReason; details?: string }>({
      query: ({ commentId, reason, details }) => ({ url: `/reports/comment/${encodeURIComponent(commentId)}`, method: 'POST', body: { reason, details } }),
    }),
  }),
});

export const { useReportCommentMutation } = commentReportsApi;
