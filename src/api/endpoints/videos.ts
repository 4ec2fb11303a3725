// Video, view and watch-history calls.
import type { HistoryPage, Video, VideoPage, ViewsInfo } from '../../../contract/entities';
import { LIMITS } from '../../../contract/limits';
import { api, type ApiBuilder } from '../api';
import { tags, videoListsOf } from '../tags';
import { pagedByNumber } from './paging';

export interface UploadVideoArgs {
  /** multipart: title, description, videoFile, optional thumbnail. */
  form: FormData;
  /** 0..1 while the bytes go up; the upload screen shows it. */
  onUploadProgress?: (fraction: number) => void;
}

/** The area's definitions, injected below (persistedQueries.ts names the queries kept for an offline start). */
export const videosArea = {
  endpoints: (build: ApiBuilder) => ({
    /** Home feed; the bearer is sent when present. */
    getFeed: build.infiniteQuery<VideoPage, void, number>({
      infiniteQueryOptions: pagedByNumber,
      query: ({ pageParam }) => ({ url: '/videos/all-videos', params: { page: pageParam } }),
      providesTags: [tags.videos()],
    }),
    /** Related list of the watch screen: pages of 10, the current video left out. */
    getRelatedVideos: build.infiniteQuery<VideoPage, string, number>({
      infiniteQueryOptions: pagedByNumber,
      // The server leaves the current video out, so a page is never short.
      query: ({ queryArg: videoId, pageParam }) => ({ url: '/videos/all-videos', params: { page: pageParam, limit: LIMITS.relatedPageSize, exclude: videoId } }),
      providesTags: [tags.videos()],
    }),
    getVideo: build.query<Video, string>({
      query: (videoId) => `/videos/${encodeURIComponent(videoId)}`,
      providesTags: (_video, _error, videoId) => [tags.video(videoId)],
    }),
    getUserVideos: build.infiniteQuery<VideoPage, string, number>({
      infiniteQueryOptions: pagedByNumber,
      query: ({ queryArg, pageParam }) => ({ url: `/videos/all-uploaded-videos/${encodeURIComponent(queryArg)}`, params: { page: pageParam } }),
      providesTags: (_data, _error, username) => [tags.videosOf(username), tags.videos()],
    }),
    /** The caller's own videos, with totalPages and totalVideos. */
    getMyVideos: build.infiniteQuery<VideoPage, void, number>({
      infiniteQueryOptions: pagedByNumber,
      query: ({ pageParam }) => ({ url: '/videos/all-uploaded-videos', params: { page: pageParam } }),
      providesTags: [tags.myVideos(), tags.videos()],
    }),
    uploadVideo: build.mutation<Video, UploadVideoArgs>({
      query: ({ form, onUploadProgress }) => ({ url: '/videos/upload-Video', method: 'POST', body: form, onUploadProgress }),
      invalidatesTags: (video) => videoListsOf(video?.owner.username),
    }),
    /** The owner edits title, description and thumbnail (JSON, or multipart with a file). */
    updateVideo: build.mutation<Video, { videoId: string; body: FormData | { title?: string; description?: string; thumbnailAt?: number } }>({
      query: ({ videoId, body }) => ({ url: `/videos/${encodeURIComponent(videoId)}`, method: 'PATCH', body }),
      async onQueryStarted({ videoId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(videosApi.util.upsertQueryData('getVideo', videoId, data));
        } catch {
          /* the dialog shows the error */
        }
      },
      invalidatesTags: (video) => videoListsOf(video?.owner.username),
    }),
    deleteVideo: build.mutation<unknown, string>({
      query: (videoId) => ({ url: `/videos/delete/${encodeURIComponent(videoId)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, videoId) => [tags.video(videoId), ...videoListsOf(), tags.profiles()],
    }),
    deleteAllVideos: build.mutation<unknown, void>({
      query: () => ({ url: '/videos', method: 'DELETE' }),
      invalidatesTags: ['Video', 'History', 'LikedVideo', 'Playlist', 'Search', 'Profile'],
    }),
    getViews: build.query<ViewsInfo, string>({
      query: (videoId) => `/views/${encodeURIComponent(videoId)}`,
      providesTags: (_info, _error, videoId) => [tags.views(videoId)],
    }),
    addView: build.mutation<unknown, string>({
      query: (videoId) => ({ url: `/views/add/${encodeURIComponent(videoId)}`, method: 'POST' }),
      invalidatesTags: (_result, _error, videoId) => [tags.views(videoId)],
    }),
    getWatchHistory: build.infiniteQuery<HistoryPage, void, number>({
      infiniteQueryOptions: pagedByNumber,
      query: ({ pageParam }) => ({ url: '/watch-history/get/', params: { page: pageParam } }),
      providesTags: [tags.history()],
    }),
    addToHistory: build.mutation<unknown, string>({
      query: (videoId) => ({ url: `/watch-history/add/${encodeURIComponent(videoId)}`, method: 'POST' }),
      invalidatesTags: [tags.history()],
    }),
    /** One entry out of the history (beyond the spec's calls; the server offers it). */
    removeFromHistory: build.mutation<{ videoId: string }, string>({
      query: (videoId) => ({ url: `/watch-history/delete/${encodeURIComponent(videoId)}`, method: 'DELETE' }),
      invalidatesTags: [tags.history()],
    }),
    clearHistory: build.mutation<unknown, void>({
      query: () => ({ url: '/watch-history/delete/all/watch-history', method: 'DELETE' }),
      invalidatesTags: [tags.history()],
    }),
  }),
};

export const videosApi = api.injectEndpoints(videosArea);

export const {
  useGetFeedInfiniteQuery,
  useGetRelatedVideosInfiniteQuery,
  useGetVideoQuery,
  useGetUserVideosInfiniteQuery,
  useGetMyVideosInfiniteQuery,
  useUploadVideoMutation,
  useUpdateVideoMutation,
  useDeleteVideoMutation,
  useDeleteAllVideosMutation,
  
  useAddViewMutation,
  useGetWatchHistoryInfiniteQuery,
  useAddToHistoryMutation,
  useRemoveFromHistoryMutation,
  useClearHistoryMutation,
} = videosApi;
