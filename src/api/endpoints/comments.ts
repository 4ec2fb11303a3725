// Comments and the AI comment improver.
//
// One refresh path per write: a write's answer patches the cached list (onQueryStarted), nothing is
// invalidated; the 'comment-updated' live event refetches the list for everyone else watching.
import type { Comment } from '../../../contract/entities';
import { getStoredUser } from '../../lib/storage';
import { api, type ApiBuilder } from '../api';
import { PENDING_ID_PREFIX, queueable } from '../offline';
import type { CachePatch, PlaceholderContext } from '../offlineTypes';
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

/**
 * The video owner's pin: one pinned comment per video, shown first with its replies. Unpinning
 * leaves it where it is until the list is fetched again (the server orders by date then).
 */
export function applyPinned(list: Comment[], comment: Comment): void {
  for (const other of list) if (other._id !== comment._id && other.pinned) other.pinned = false;
  replaceComment(list, comment._id, { pinned: comment.pinned });
  if (!comment.pinned) return;
  const thread = list.filter((c) => c._id === comment._id || c.parentId === comment._id);
  if (!thread.length) return;
  const rest = list.filter((c) => !thread.includes(c));
  list.splice(0, list.length, ...thread, ...rest);
}

export interface AddCommentArg {
  videoId: string;
  content: string;
  parentId?: string;
}
type UpdateCommentArg = { commentId: string; videoId: string; content: string };
type DeleteCommentArg = { commentId: string; videoId: string };

// Each write may wait offline, shown as pending: its request and offline behaviour are declared together.
const addComment = queueable<Comment, AddCommentArg>({
  request: ({ videoId, content, parentId }) => ({ url: `/comments/add/${encodeURIComponent(videoId)}`, method: 'POST', body: { content, parentId } }),
  offline: {
    label: () => 'Comment',
    placeholder: (arg, { key, createdAt }) => pendingComment(arg, key, createdAt),
    patches: ({ videoId }, comment) => [patchComments(videoId, (list) => insertComment(list, comment))],
  },
  async onQueryStarted({ videoId }, { dispatch, queryFulfilled }) {
    const { data } = await queryFulfilled.catch(() => ({ data: null }));
    if (data) dispatch(commentsApi.util.updateQueryData('getComments', videoId, (list) => insertComment(list, data)));
  },
});

const updateComment = queueable<Comment, UpdateCommentArg>({
  request: ({ commentId, content }) => ({ url: `/comments/update/${encodeURIComponent(commentId)}`, method: 'PATCH', body: { content } }),
  offline: {
    label: () => 'Comment edit',
    placeholder: ({ commentId, videoId, content }, { read, createdAt }) =>
      ({ ...findCachedComment(read, videoId, commentId), content, updatedAt: new Date(createdAt).toISOString() }) as Comment,
    patches: ({ commentId, videoId, content }, answer) => [patchComments(videoId, (list) => replaceComment(list, commentId, { content, updatedAt: answer.updatedAt }))],
  },
  async onQueryStarted({ commentId, videoId }, { dispatch, queryFulfilled }) {
    const { data } = await queryFulfilled.catch(() => ({ data: null }));
    if (data) dispatch(commentsApi.util.updateQueryData('getComments', videoId, (list) => replaceComment(list, commentId, data)));
  },
});

const deleteComment = queueable<unknown, DeleteCommentArg>({
  request: ({ commentId }) => ({ url: `/comments/delete/${encodeURIComponent(commentId)}`, method: 'DELETE' }),
  offline: {
    label: () => 'Comment delete',
    placeholder: () => ({}),
    patches: ({ commentId, videoId }) => [patchComments(videoId, (list) => removeComment(list, commentId))],
  },
  async onQueryStarted({ commentId, videoId }, { dispatch, queryFulfilled }) {
    const done = await queryFulfilled.then(
      () => true,
      () => false,
    );
    if (done) dispatch(commentsApi.util.updateQueryData('getComments', videoId, (list) => removeComment(list, commentId)));
  },
});

/** The area's writes that may wait in the offline queue, by endpoint name (offlineEndpoints.ts reads them). */
export const commentsQueue = { addComment, updateComment, deleteComment };

/** The area's definitions, injected below. */
export const commentsArea = {
  endpoints: (build: ApiBuilder) => ({
    getComments: build.query<Comment[], string>({
      query: (videoId) => `/comments/all/${encodeURIComponent(videoId)}`,
      providesTags: (comments, _error, videoId) => [tags.commentsOf(videoId), tags.comments(), ...(comments ?? []).map((comment) => tags.comment(comment._id))],
    }),
    addComment: build.mutation(addComment),
    updateComment: build.mutation(updateComment),
    deleteComment: build.mutation(deleteComment),
    // The video owner's pin and heart (toggles; the server refuses anyone else). Not queued offline:
    // the owner sees at once whether it worked.
    pinComment: build.mutation<Comment, DeleteCommentArg>({
      query: ({ commentId }) => ({ url: `/comments/${encodeURIComponent(commentId)}/pin`, method: 'PATCH', body: {} }),
      async onQueryStarted({ videoId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(commentsApi.util.updateQueryData('getComments', videoId, (list) => applyPinned(list, data)));
      },
    }),
    heartComment: build.mutation<Comment, DeleteCommentArg>({
      query: ({ commentId }) => ({ url: `/comments/${encodeURIComponent(commentId)}/heart`, method: 'PATCH', body: {} }),
      async onQueryStarted({ commentId, videoId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(commentsApi.util.updateQueryData('getComments', videoId, (list) => replaceComment(list, commentId, { hearted: data.hearted, heartedBy: data.heartedBy })));
      },
    }),
    /** others: recent comments as strings, for context. Answers the improved text. */
    improveComment: build.mutation<string, { title: string; comment: string; others: string[] | string }>({
      query: (body) => ({ url: '/ai/improve-comment', method: 'POST', body }),
    }),
  }),
};

export const commentsApi = api.injectEndpoints(commentsArea);

export const {
  useGetCommentsQuery,
  useAddCommentMutation,
  useUpdateCommentMutation,
  useDeleteCommentMutation,
  useImproveCommentMutation,
  usePinCommentMutation,
  useHeartCommentMutation,
} = commentsApi;

const patchComments = (videoId: string, recipe: (list: Comment[]) => void): CachePatch => ({ endpoint: 'getComments', arg: videoId, recipe: recipe as CachePatch['recipe'] });

// Typed: it reads this area's own cache, which would otherwise make the area's type circular.
export const findCachedComment = (read: PlaceholderContext['read'], videoId: string, commentId: string): Comment | undefined =>
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
