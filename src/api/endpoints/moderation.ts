// The moderation screen's calls (moderators and admins; the server refuses everyone else): the
// reports queue, takedowns, suspensions, the log and the admin's accounts and jobs. Every list provides its own
// 'Moderation' tag; an action invalidates the lists it changes, and the live 'moderation-updated'
// event (liveHandlers.ts) refetches them for the other moderators.
import type { Role } from '../../../contract/entities';
import type {
  AccountDeleted,
  ADMIN_JOB_STATES,
  AdminAccountPage,
  AdminJobList,
  ModerationLogEntry,
  ModerationLogPage,
  ModerationReport,
  ModerationReportPage,
  ReportState,
  Suspension,
  SuspensionPage,
  RoleChangeResult,
  Takedown,
  TakedownPage,
} from '../../../contract/moderation';
import { api } from '../api';
import { type ModerationList, tags } from '../tags';
import { pagedByNumber } from './paging';

type AdminJobState = (typeof ADMIN_JOB_STATES)[number];

/** Reports come in large pages so that one video's reports land on one card. */
const REPORTS_PAGE = 100;

const lists = (...names: ModerationList[]) => names.map((name) => tags.moderation(name));

/** A takedown or a restore changes what every video list and the video itself show. */
const videoChanged = (videoId: string) => [...lists('reports', 'takedowns', 'log'), tags.video(videoId), tags.videos(), tags.myVideos(), tags.search()];

const moderationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getModerationReports: build.infiniteQuery<ModerationReportPage, ReportState, number>({
      infiniteQueryOptions: pagedByNumber,
      query: ({ queryArg: state, pageParam }) => ({ url: '/moderation/reports', params: { state, page: pageParam, limit: REPORTS_PAGE } }),
      providesTags: lists('reports'),
    }),
    resolveReport: build.mutation<ModerationReport, { reportId: string; state: 'resolved' | 'dismissed'; note?: string }>({
      query: ({ reportId, state, note }) => ({ url: `/moderation/reports/${encodeURIComponent(reportId)}`, method: 'PATCH', body: { state, ...(note ? { note } : {}) } }),
      invalidatesTags: lists('reports', 'log'),
    }),
    /** A comment report's outcome: the comment goes (undoable from the log) and its open reports are resolved. */
    removeReportedComment: build.mutation<ModerationReport, { reportId: string; note?: string }>({
      query: ({ reportId, note }) => ({ url: `/moderation/reports/${encodeURIComponent(reportId)}/remove-comment`, method: 'POST', body: note ? { note } : {} }),
      invalidatesTags: [...lists('reports', 'log'), tags.comments()],
    }),
    takeDownVideo: build.mutation<Takedown, { videoId: string; reason: string }>({
      query: ({ videoId, reason }) => ({ url: `/moderation/videos/${encodeURIComponent(videoId)}/takedown`, method: 'POST', body: { reason } }),
      invalidatesTags: (_answer, _error, { videoId }) => videoChanged(videoId),
    }),
    restoreVideo: build.mutation<unknown, string>({
      query: (videoId) => ({ url: `/moderation/videos/${encodeURIComponent(videoId)}/takedown`, method: 'DELETE' }),
      invalidatesTags: (_answer, _error, videoId) => videoChanged(videoId),
    }),
    getTakedowns: build.infiniteQuery<TakedownPage, void, number>({
      infiniteQueryOptions: pagedByNumber,
      query: ({ pageParam }) => ({ url: '/moderation/takedowns', params: { page: pageParam } }),
      providesTags: lists('takedowns'),
    }),
    getSuspensions: build.infiniteQuery<SuspensionPage, void, number>({
      infiniteQueryOptions: pagedByNumber,
      query: ({ pageParam }) => ({ url: '/moderation/suspensions', params: { page: pageParam } }),
      providesTags: lists('suspensions'),
    }),
    /** until: an ISO date in the future, or none (until lifted). Their videos and comments hide meanwhile. */
    suspendUser: build.mutation<Suspension, { userId: string; reason: string; until?: string }>({
      query: ({ userId, reason, until }) => ({ url: `/moderation/users/${encodeURIComponent(userId)}/suspend`, method: 'POST', body: { reason, ...(until ? { until } : {}) } }),
      invalidatesTags: [...lists('suspensions', 'reports', 'users', 'log'), tags.videos(), tags.comments(), tags.search()],
    }),
    liftSuspension: build.mutation<unknown, string>({
      query: (userId) => ({ url: `/moderation/users/${encodeURIComponent(userId)}/suspend`, method: 'DELETE' }),
      invalidatesTags: [...lists('suspensions', 'reports', 'users', 'log'), tags.videos(), tags.comments(), tags.search()],
    }),
    getModerationLog: build.infiniteQuery<ModerationLogPage, void, number>({
      infiniteQueryOptions: pagedByNumber,
      query: ({ pageParam }) => ({ url: '/moderation/log', params: { page: pageParam } }),
      providesTags: lists('log'),
    }),
    /** Undoes a logged action with a reason; the answer is the entry, now undone. Any list may change. */
    undoModerationAction: build.mutation<ModerationLogEntry, { entryId: string; reason: string }>({
      query: ({ entryId, reason }) => ({ url: `/moderation/log/${encodeURIComponent(entryId)}/undo`, method: 'POST', body: { reason } }),
      invalidatesTags: [...lists('reports', 'takedowns', 'suspensions', 'users', 'log'), tags.videos(), tags.myVideos(), tags.comments(), tags.search()],
    }),
    /** Accounts matching q (username, email or full name), newest first (admins). */
    getAdminUsers: build.infiniteQuery<AdminAccountPage, string, number>({
      infiniteQueryOptions: pagedByNumber,
      query: ({ queryArg: q, pageParam }) => ({ url: '/admin/users', params: { ...(q ? { q } : {}), page: pageParam } }),
      providesTags: lists('users'),
    }),
    changeRole: build.mutation<RoleChangeResult, { userId: string; role: Role }>({
      query: ({ userId, role }) => ({ url: `/moderation/users/${encodeURIComponent(userId)}/role`, method: 'PATCH', body: { role } }),
      invalidatesTags: lists('users', 'log'),
    }),
    /** Deletes the account and everything it owns: every list may lose something. */
    deleteUser: build.mutation<AccountDeleted, { userId: string; reason: string }>({
      query: ({ userId, reason }) => ({ url: `/admin/users/${encodeURIComponent(userId)}`, method: 'DELETE', body: { reason } }),
      invalidatesTags: [...lists('users', 'reports', 'takedowns', 'suspensions', 'log'), tags.videos(), tags.myVideos(), tags.comments(), tags.search()],
    }),
    /** Jobs in one state, of one type when given, most recently changed first (admins). */
    getAdminJobs: build.infiniteQuery<AdminJobList, { state: AdminJobState; type: string }, number>({
      infiniteQueryOptions: pagedByNumber,
      query: ({ queryArg: { state, type }, pageParam }) => ({ url: '/admin/jobs', params: { state, ...(type ? { type } : {}), page: pageParam } }),
      providesTags: lists('jobs'),
    }),
    retryJob: build.mutation<unknown, string>({
      query: (jobId) => ({ url: `/admin/jobs/${encodeURIComponent(jobId)}/retry`, method: 'POST', body: {} }),
      invalidatesTags: lists('jobs', 'log'),
    }),
  }),
});

export const {
  useGetModerationReportsInfiniteQuery,
  useResolveReportMutation,
  useRemoveReportedCommentMutation,
  useTakeDownVideoMutation,
  useRestoreVideoMutation,
  useGetTakedownsInfiniteQuery,
  useGetSuspensionsInfiniteQuery,
  useSuspendUserMutation,
  useLiftSuspensionMutation,
  useGetModerationLogInfiniteQuery,
  useUndoModerationActionMutation,
  useGetAdminUsersInfiniteQuery,
  useChangeRoleMutation,
  useDeleteUserMutation,
  useGetAdminJobsInfiniteQuery,
  useRetryJobMutation,
} = moderationApi;
