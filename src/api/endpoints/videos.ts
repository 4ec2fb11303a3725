// Videos, views and watch history (spec section 7).
import type { HistoryPage, Video, VideoPage, ViewsInfo } from '../../../contract/entities';
import { LIMITS } from '../../../contract/limits';
import { api, LIST } from '../api';
import { pagedByNumber } from './paging';

export interface UploadVideoArgs {
  /** multipart: title, description, videoFile, optional thumbnail. */
  form: FormData;
  /** 0..1 while the bytes go up; the upload screen shows it. */
  onUploadProgress?: (fraction: number) => void;
}

/** The lists a new or removed video shows up in (also after a tus upload, which is no mutation). */
export const videoListsOf = (username?: string) => [
  { type: 'Video' as const, id: LIST },
  ...(username ? [{ type: 'Video' as const, id: `USER-${username}` }] : []),
  { type: 'Video' as const, id: 'MINE' },
  { type: 'History' as const, id: LIST },
  { type: 'LikedVideo' as const, id: LIST },
  { type: 'Playlist' as const, id: LIST },
  { type: 'Search' as const, id: LIST },
];

export const videosApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Home feed; the bearer is sent when present. */
    getFeed: build.infiniteQuery<VideoPage, void, number>({
      infiniteQueryOptions: pagedByNumber,
      query: ({ pageParam }) => ({ url: '/videos/all-videos', params: { page: pageParam } }),
      providesTags: [{ type: 'Video', id: LIST }],
    }),
    /** Related list of the watch screen: pages of 10, the current video left out. */
    getRelatedVideos: build.infiniteQuery<VideoPage, string, number>({
      infiniteQueryOptions: pagedByNumber,
      query: ({ pageParam }) => ({ url: '/videos/all-videos', params: { page: pageParam, limit: LIMITS.relatedPageSize } }),
      transformResponse: (page: VideoPage, _meta, arg) => ({
        ...page,
        videos: page.videos.filter((video) => video._id !== (arg as unknown as { queryArg: string }).queryArg),
      }),
      providesTags: [{ type: 'Video', id: LIST }],
    }),
    getVideo: build.query<Video, string>({
      query: (videoId) => `/videos/${encodeURIComponent(videoId)}`,
      providesTags: (_video, _error, videoId) => [{ type: 'Video', id: videoId }],
    }),
    getUserVideos: build.infiniteQuery<VideoPage, string, number>({
      infiniteQueryOptions: pagedByNumber,
      query: ({ queryArg, pageParam }) => ({ url: `/videos/all-uploaded-videos/${encodeURIComponent(queryArg)}`, params: { page: pageParam } }),
      providesTags: (_data, _error, username) => [{ type: 'Video', id: `USER-${username}` }, { type: 'Video', id: LIST }],
    }),
    /** The caller's own videos, with totalPages and totalVideos. */
    getMyVideos: build.infiniteQuery<VideoPage, void, number>({
      infiniteQueryOptions: pagedByNumber,
      query: ({ pageParam }) => ({ url: '/videos/all-uploaded-videos', params: { page: pageParam } }),
      providesTags: [{ type: 'Video', id: 'MINE' }, { type: 'Video', id: LIST }],
    }),
    uploadVideo: build.mutation<Video, UploadVideoArgs>({
      query: ({ form, onUploadProgress }) => ({ url: '/videos/upload-Video', method: 'POST', body: form, onUploadProgress }),
      invalidatesTags: (video) => videoListsOf(video?.owner.username),
    }),
    deleteVideo: build.mutation<unknown, string>({
      query: (videoId) => ({ url: `/videos/delete/${encodeURIComponent(videoId)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, videoId) => [{ type: 'Video', id: videoId }, ...videoListsOf(), { type: 'Profile', id: LIST }],
    }),
    deleteAllVideos: build.mutation<unknown, void>({
      query: () => ({ url: '/videos', method: 'DELETE' }),
      invalidatesTags: ['Video', 'History', 'LikedVideo', 'Playlist', 'Search', 'Profile'],
    }),
    getViews: build.query<ViewsInfo, string>({
      query: (videoId) => `/views/${encodeURIComponent(videoId)}`,
      providesTags: (_info, _error, videoId) => [{ type: 'Views', id: videoId }],
    }),
    addView: build.mutation<unknown, string>({
      query: (videoId) => ({ url: `/views/add/${encodeURIComponent(videoId)}`, method: 'POST' }),
      invalidatesTags: (_result, _error, videoId) => [{ type: 'Views', id: videoId }],
    }),
    getWatchHistory: build.infiniteQuery<HistoryPage, void, number>({
      infiniteQueryOptions: pagedByNumber,
      query: ({ pageParam }) => ({ url: '/watch-history/get/', params: { page: pageParam } }),
      providesTags: [{ type: 'History', id: LIST }],
    }),
    addToHistory: build.mutation<unknown, string>({
      query: (videoId) => ({ url: `/watch-history/add/${encodeURIComponent(videoId)}`, method: 'POST' }),
      invalidatesTags: [{ type: 'History', id: LIST }],
    }),
    /** One entry out of the history (beyond spec section 7; the server offers it). */
    removeFromHistory: build.mutation<{ videoId: string }, string>({
      query: (videoId) => ({ url: `/watch-history/delete/${encodeURIComponent(videoId)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'History', id: LIST }],
    }),
    clearHistory: build.mutation<unknown, void>({
      query: () => ({ url: '/watch-history/delete/all/watch-history', method: 'DELETE' }),
      invalidatesTags: [{ type: 'History', id: LIST }],
    }),
  }),
});

export const {
  useGetFeedInfiniteQuery,
  useGetRelatedVideosInfiniteQuery,
  useGetVideoQuery,
  useGetUserVideosInfiniteQuery,
  useGetMyVideosInfiniteQuery,
  useUploadVideoMutation,
  useDeleteVideoMutation,
  useDeleteAllVideosMutation,
  useGetViewsQuery,
  useAddViewMutation,
  useGetWatchHistoryInfiniteQuery,
  useAddToHistoryMutation,
  useRemoveFromHistoryMutation,
  useClearHistoryMutation,
} = videosApi;
