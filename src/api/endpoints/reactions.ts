// Likes and reactions of videos and comments.
import type {
  Comment,
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
import { api, type ApiBuilder } from '../api';
import { queueable } from '../offline';
import type { CachePatch } from '../offlineTypes';
import { tags } from '../tags';
import { commentsApi, findCachedComment, replaceComment } from './comments';
import { pagedByNumber } from './paging';
import { videosApi } from './videos';

/**
 * Fixes the spec's known defect: the video is patched at once (optimistic), then from the answer
 * (the caller's reaction and both counts); a failure undoes the optimistic patch.
 */
const toggleVideoReaction = queueable<ReactionToggleResult, { videoId: string; reactionType: ReactionType }>({
  request: ({ videoId, reactionType }) => ({ url: `/likes/toggle/v/${encodeURIComponent(videoId)}`, method: 'POST', params: { reactionType } }),
  offline: {
    label: ({ reactionType }) => (reactionType === 'disLike' ? 'Dislike' : 'Like'),
    // onQueryStarted already patched the video optimistically: answer with what it shows.
    placeholder: ({ videoId }, { read }) => {
      const video = read(videosApi.endpoints.getVideo.select(videoId)).data;
      return { likes: video?.likes ?? 0, disLikes: video?.disLikes ?? 0, reactionType: video?.userReaction ?? null };
    },
    patches: ({ videoId }, { reactionType: target }) => [
      {
        endpoint: 'getVideo',
        arg: videoId,
        recipe: ((video: Video) => {
          if (video.userReaction === target) return;
          Object.assign(video, toggleReaction(video, (target ?? video.userReaction)!));
        }) as CachePatch['recipe'],
      },
    ],
  },
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
  invalidatesTags: (_result, _error, { videoId }) => [tags.videoReactions(videoId), tags.likedVideos()],
});

const toggleCommentLike = queueable<CommentLikeToggleResult, { commentId: string; videoId: string }>({
  request: ({ commentId, videoId }) => ({ url: `/likes/toggle/c/${encodeURIComponent(commentId)}`, method: 'POST', params: { reactionType: 'like' }, body: { videoId } }),
  offline: {
    label: () => 'Comment like',
    placeholder: ({ commentId, videoId }, { read }) => toggledLike(findCachedComment(read, videoId, commentId) ?? { isLiked: false, totalLikes: 0 }),
    patches: ({ commentId, videoId }, { isLiked }) => [
      {
        endpoint: 'getComments',
        arg: videoId,
        recipe: ((list: Comment[]) => {
          const comment = list.find((c) => c._id === commentId);
          if (comment && comment.isLiked !== isLiked) Object.assign(comment, toggledLike(comment));
        }) as CachePatch['recipe'],
      },
    ],
  },
  // The answer patches the comment (one refresh path); only the list of who liked it refetches.
  async onQueryStarted({ commentId, videoId }, { dispatch, queryFulfilled }) {
    const { data } = await queryFulfilled.catch(() => ({ data: null }));
    if (data) dispatch(commentsApi.util.updateQueryData('getComments', videoId, (list) => replaceComment(list, commentId, data)));
  },
  invalidatesTags: (_result, _error, { commentId }) => [tags.commentReactions(commentId)],
});

/** The area's writes that may wait in the offline queue, by endpoint name (offlineEndpoints.ts reads them). */
export const reactionsQueue = { toggleVideoReaction, toggleCommentLike };

/** The area's definitions, injected below. */
export const reactionsArea = {
  endpoints: (build: ApiBuilder) => ({
    getLikedVideos: build.infiniteQuery<LikedPage, void, number>({
      infiniteQueryOptions: pagedByNumber,
      query: ({ pageParam }) => ({ url: '/likes/get/user/liked-videos', params: { page: pageParam } }),
      providesTags: [tags.likedVideos()],
    }),
    clearLikedVideos: build.mutation<unknown, void>({
      query: () => ({ url: '/likes/delete/all/liked-videos', method: 'DELETE' }),
      invalidatesTags: ['LikedVideo', 'VideoReaction', 'Video'],
    }),
    getVideoLikes: build.query<VideoLikeEntry[], string>({
      query: (videoId) => `/likes/get/video/likes/${encodeURIComponent(videoId)}`,
      providesTags: (_list, _error, videoId) => [tags.videoReactions(videoId)],
    }),
    getVideoDislikes: build.query<VideoDislikeEntry[], string>({
      query: (videoId) => `/likes/get/video/disLikes/${encodeURIComponent(videoId)}`,
      providesTags: (_list, _error, videoId) => [tags.videoReactions(videoId)],
    }),
    toggleVideoReaction: build.mutation(toggleVideoReaction),
    toggleCommentLike: build.mutation(toggleCommentLike),
    getCommentReactions: build.query<CommentReaction[], string>({
      query: (commentId) => `/comments/reactions/${encodeURIComponent(commentId)}`,
      providesTags: (_list, _error, commentId) => [tags.commentReactions(commentId)],
    }),
  }),
};

export const reactionsApi = api.injectEndpoints(reactionsArea);

export const {
  useGetLikedVideosInfiniteQuery,
  useClearLikedVideosMutation,
  
  
  useToggleVideoReactionMutation,
  useToggleCommentLikeMutation,
  
} = reactionsApi;

const toggledLike = (comment: Pick<Comment, 'isLiked' | 'totalLikes'>) => ({
  isLiked: !comment.isLiked,
  totalLikes: Math.max(0, comment.totalLikes + (comment.isLiked ? -1 : 1)),
});
