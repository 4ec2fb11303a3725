// Likes and reactions of videos and comments (spec section 7).
import type {
  CommentLikeToggleResult,
  CommentReaction,
  LikedPage,
  ReactionToggleResult,
  ReactionType,
  Video,
  VideoDislikeEntry,
  VideoLikeEntry,
} from '../../../contract/entities';
import { toggleReaction } from '../../lib/reaction';
import { api, LIST } from '../api';
import { pagedByNumber } from './paging';
import { videosApi } from './videos';

export const reactionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLikedVideos: build.infiniteQuery<LikedPage, void, number>({
      infiniteQueryOptions: pagedByNumber,
      query: ({ pageParam }) => ({ url: '/likes/get/user/liked-videos', params: { page: pageParam } }),
      providesTags: [{ type: 'LikedVideo', id: LIST }],
    }),
    clearLikedVideos: build.mutation<unknown, void>({
      query: () => ({ url: '/likes/delete/all/liked-videos', method: 'DELETE' }),
      invalidatesTags: ['LikedVideo', 'VideoReaction', 'Video'],
    }),
    getVideoLikes: build.query<VideoLikeEntry[], string>({
      query: (videoId) => `/likes/get/video/likes/${encodeURIComponent(videoId)}`,
      providesTags: (_list, _error, videoId) => [{ type: 'VideoReaction', id: videoId }],
    }),
    getVideoDislikes: build.query<VideoDislikeEntry[], string>({
      query: (videoId) => `/likes/get/video/disLikes/${encodeURIComponent(videoId)}`,
      providesTags: (_list, _error, videoId) => [{ type: 'VideoReaction', id: videoId }],
    }),
    /**
     * Fixes the spec's known defect: the video is patched at once (optimistic), then from the answer
     * (the caller's reaction and both counts); a failure undoes the optimistic patch.
     */
    toggleVideoReaction: build.mutation<ReactionToggleResult, { videoId: string; reactionType: ReactionType }>({
      query: ({ videoId, reactionType }) => ({ url: `/likes/toggle/v/${encodeURIComponent(videoId)}`, method: 'POST', params: { reactionType } }),
      async onQueryStarted({ videoId, reactionType }, { dispatch, queryFulfilled }) {
        const optimistic = dispatch(
          videosApi.util.updateQueryData('getVideo', videoId, (video: Video) => {
            const { likes, disLikes, userReaction } = toggleReaction(video, reactionType);
            Object.assign(video, { likes, disLikes, userReaction });
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(
            videosApi.util.updateQueryData('getVideo', videoId, (video: Video) => {
              video.likes = data.likes;
              video.disLikes = data.disLikes;
              video.userReaction = data.reactionType;
            }),
          );
        } catch {
          optimistic.undo(); // the screen shows the error
        }
      },
      invalidatesTags: (_result, _error, { videoId }) => [{ type: 'VideoReaction', id: videoId }, { type: 'LikedVideo', id: LIST }],
    }),
    toggleCommentLike: build.mutation<CommentLikeToggleResult, { commentId: string; videoId: string }>({
      query: ({ commentId, videoId }) => ({
        url: `/likes/toggle/c/${encodeURIComponent(commentId)}`,
        method: 'POST',
        params: { reactionType: 'like' },
        body: { videoId },
      }),
      invalidatesTags: (_result, _error, { commentId }) => [{ type: 'CommentReaction', id: commentId }, { type: 'Comment', id: commentId }],
    }),
    getCommentReactions: build.query<CommentReaction[], string>({
      query: (commentId) => `/comments/reactions/${encodeURIComponent(commentId)}`,
      providesTags: (_list, _error, commentId) => [{ type: 'CommentReaction', id: commentId }],
    }),
  }),
});

export const {
  useGetLikedVideosInfiniteQuery,
  useClearLikedVideosMutation,
  useGetVideoLikesQuery,
  useGetVideoDislikesQuery,
  useToggleVideoReactionMutation,
  useToggleCommentLikeMutation,
  useGetCommentReactionsQuery,
} = reactionsApi;
