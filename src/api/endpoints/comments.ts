// Comments and the AI comment improver (spec section 7).
//
// One refresh path per write: a write's answer patches the cached list (onQueryStarted), nothing is
// invalidated; the 'comment-updated' live event refetches the list for everyone else watching.
import type { Comment } from '../../../contract/entities';
import { getStoredUser } from '../../lib/storage';
import { api } from '../api';
import { type CachePatch, declareOffline, PENDING_ID_PREFIX, type PlaceholderContext } from '../offline';
import { sendOrQueue } from '../offlineQueue';
import { tags } from '../tags';

/** A top-level comment goes first; a reply goes after the last reply of its thread. */
export function insertComment(list: Comment[], comment: Comment): void {
  if (list.some((c) => c._id === comment._id)) return;
  if (!comment.parentId) {
    list.unshift(comment);
    return;
  }
  const parentAt = list.findIndex((c) => c._id === comment.parentId);
  if (parentAt < 0) {
    list.unshift(comment);
    return;
  }
  let at = parentAt + 1;
  while (at < list.length && list[at]!.parentId === comment.parentId) at++;
  list.splice(at, 0, comment);
}

export function replaceComment(list: Comment[], commentId: string, changes: Partial<Comment>): void {
  const comment = list.find((c) => c._id === commentId);
  if (comment) Object.assign(comment, changes);
}

/** A deleted comment takes its replies with it. */
export function removeComment(list: Comment[], commentId: string): void {
  for (let i = list.length - 1; i >= 0; i--) if (list[i]!._id === commentId || list[i]!.parentId === commentId) list.splice(i, 1);
}

export interface AddCommentArg {
  videoId: string;
  content: string;
  parentId?: string;
}
type UpdateCommentArg = { commentId: string; videoId: string; content: string };
type DeleteCommentArg = { commentId: string; videoId: string };

export const commentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getComments: build.query<Comment[], string>({
      query: (videoId) => `/comments/all/${encodeURIComponent(videoId)}`,
      providesTags: (comments, _error, videoId) => [tags.commentsOf(videoId), tags.comments(), ...(comments ?? []).map((comment) => tags.comment(comment._id))],
    }),
    // Writes may wait offline: their requests and pending display are declared below.
    addComment: build.mutation<Comment, AddCommentArg>({
      queryFn: sendOrQueue,
      async onQueryStarted({ videoId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(commentsApi.util.updateQueryData('getComments', videoId, (list) => insertComment(list, data)));
      },
    }),
    updateComment: build.mutation<Comment, UpdateCommentArg>({
      queryFn: sendOrQueue,
      async onQueryStarted({ commentId, videoId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(commentsApi.util.updateQueryData('getComments', videoId, (list) => replaceComment(list, commentId, data)));
      },
    }),
    deleteComment: build.mutation<unknown, DeleteCommentArg>({
      queryFn: sendOrQueue,
      async onQueryStarted({ commentId, videoId }, { dispatch, queryFulfilled }) {
        const done = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (done) dispatch(commentsApi.util.updateQueryData('getComments', videoId, (list) => removeComment(list, commentId)));
      },
    }),
    /** others: recent comments as strings, for context. Answers the improved text. */
    improveComment: build.mutation<string, { title: string; comment: string; others: string[] | string }>({
      query: (body) => ({ url: '/ai/improve-comment', method: 'POST', body }),
    }),
  }),
});

export const { useGetCommentsQuery, useAddCommentMutation, useUpdateCommentMutation, useDeleteCommentMutation, useImproveCommentMutation } = commentsApi;

const patchComments = (videoId: string, recipe: (list: Comment[]) => void): CachePatch => ({ endpoint: 'getComments', arg: videoId, recipe: recipe as CachePatch['recipe'] });

export const findCachedComment = (read: PlaceholderContext['read'], videoId: string, commentId: string) =>
  read(commentsApi.endpoints.getComments.select(videoId)).data?.find((comment) => comment._id === commentId);

/** The comment shown while an offline post waits: the signed-in user's, with a pending id. */
function pendingComment({ videoId, content, parentId }: AddCommentArg, key: string, createdAt: number): Comment {
  const me = getStoredUser();
  const at = new Date(createdAt).toISOString();
  return {
    _id: `${PENDING_ID_PREFIX}${key}`,
    videoId,
    parentId: parentId ?? null,
    content,
    createdAt: at,
    updatedAt: at,
    owner: { _id: me?._id ?? '', username: me?.username ?? '', fullName: me?.fullName ?? '', avatar: me?.avatar ?? '' },
    totalLikes: 0,
    isLiked: false,
  };
}

declareOffline(commentsApi, {
  persist: ['getComments'],
  queue: {
    addComment: {
      request: ({ videoId, content, parentId }) => ({ url: `/comments/add/${encodeURIComponent(videoId)}`, method: 'POST', body: { content, parentId } }),
      label: () => 'Comment',
      placeholder: (arg, { key, createdAt }) => pendingComment(arg, key, createdAt),
      patches: ({ videoId }, comment) => [patchComments(videoId, (list) => insertComment(list, comment))],
    },
    updateComment: {
      request: ({ commentId, content }) => ({ url: `/comments/update/${encodeURIComponent(commentId)}`, method: 'PATCH', body: { content } }),
      label: () => 'Comment edit',
      placeholder: ({ commentId, videoId, content }, { read, createdAt }) =>
        ({ ...findCachedComment(read, videoId, commentId), content, updatedAt: new Date(createdAt).toISOString() }) as Comment,
      patches: ({ commentId, videoId, content }, answer) => [patchComments(videoId, (list) => replaceComment(list, commentId, { content, updatedAt: answer.updatedAt }))],
    },
    deleteComment: {
      request: ({ commentId }) => ({ url: `/comments/delete/${encodeURIComponent(commentId)}`, method: 'DELETE' }),
      label: () => 'Comment delete',
      placeholder: () => ({}),
      patches: ({ commentId, videoId }) => [patchComments(videoId, (list) => removeComment(list, commentId))],
    },
  },
});
