// Comments and the AI comment improver (spec section 7).
import type { Comment } from '../../../contract/entities';
import { api, LIST } from '../api';

const videoComments = (videoId: string) => ({ type: 'Comment' as const, id: `VIDEO-${videoId}` });

export const commentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getComments: build.query<Comment[], string>({
      query: (videoId) => `/comments/all/${encodeURIComponent(videoId)}`,
      providesTags: (comments, _error, videoId) => [
        videoComments(videoId),
        { type: 'Comment', id: LIST },
        ...(comments ?? []).map((comment) => ({ type: 'Comment' as const, id: comment._id })),
      ],
    }),
    addComment: build.mutation<Comment, { videoId: string; content: string; parentId?: string }>({
      query: ({ videoId, content, parentId }) => ({ url: `/comments/add/${encodeURIComponent(videoId)}`, method: 'POST', body: { content, parentId } }),
      invalidatesTags: (_comment, _error, { videoId }) => [videoComments(videoId), { type: 'Video', id: videoId }],
    }),
    updateComment: build.mutation<Comment, { commentId: string; videoId: string; content: string }>({
      query: ({ commentId, content }) => ({ url: `/comments/update/${encodeURIComponent(commentId)}`, method: 'PATCH', body: { content } }),
      invalidatesTags: (_comment, _error, { commentId }) => [{ type: 'Comment', id: commentId }],
    }),
    deleteComment: build.mutation<unknown, { commentId: string; videoId: string }>({
      query: ({ commentId }) => ({ url: `/comments/delete/${encodeURIComponent(commentId)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { videoId }) => [videoComments(videoId), { type: 'Video', id: videoId }],
    }),
    /** others: recent comments as strings, for context. Answers the improved text. */
    improveComment: build.mutation<string, { title: string; comment: string; others: string[] | string }>({
      query: (body) => ({ url: '/ai/improve-comment', method: 'POST', body }),
    }),
  }),
});

export const { useGetCommentsQuery, useAddCommentMutation, useUpdateCommentMutation, useDeleteCommentMutation, useImproveCommentMutation } = commentsApi;
