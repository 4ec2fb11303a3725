// The spec's comment state, derived: the form from the comment slice, the comments and their likers
// from the RTK Query cache, the user from the auth slice. Only the comments' screen reads it, so it
// loads with that screen, not with the store.
import { createSelector } from '@reduxjs/toolkit';
import type { Comment, CommentReaction } from '../../../contract/entities';
import { messageOf } from '../../api/client';
import { commentsApi } from '../../api/endpoints/comments';
import { reactionsApi } from '../../api/endpoints/reactions';
import type { StoredUser } from '../../lib/storage';
import type { CommentFormState } from './commentSlice';

const LAST_COMMENTS_PREVIEW = 5;

/** The whole comment state: the form plus what is derived from the cache. */
export interface CommentState extends CommentFormState {
  comments: Comment[];
  loading: boolean;
  error: string | null;
  commentlikedUser: CommentReaction[];
  currentUser: StoredUser | null;
  lastFiveComments: Comment[];
}

type State = Parameters<ReturnType<typeof commentsApi.endpoints.getComments.select>>[0] & {
  comment: CommentFormState;
  auth: { currentUser: StoredUser | null };
};

const NO_COMMENTS: Comment[] = [];
const selectForm = (state: State) => state.comment;
// One selector per video (RTK's select(arg) builds a new one each call, and new ones answer new objects).
let listSelector: { videoId: string; select: ReturnType<typeof commentsApi.endpoints.getComments.select> } | null = null;
const selectCommentsQuery = (state: State) => {
  const videoId = state.comment.videoId ?? '';
  if (listSelector?.videoId !== videoId) listSelector = { videoId, select: commentsApi.endpoints.getComments.select(videoId) };
  return listSelector.select(state);
};
const selectComments = createSelector(selectCommentsQuery, (query) => query.data ?? NO_COMMENTS);

const sameItems = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((item, i) => item === b[i]);

export const selectLastFiveComments = createSelector(selectComments, (comments) => comments.slice(0, LAST_COMMENTS_PREVIEW));

/** The likers of the video's comments whose reaction lists are cached. */
const selectCommentLikedUsers = createSelector(
  [(state: State) => state, selectComments],
  (state, comments) => comments.flatMap((comment) => reactionsApi.endpoints.getCommentReactions.select(comment._id)(state as never).data ?? []),
  { memoizeOptions: { resultEqualityCheck: sameItems } },
);

export const selectCommentState = createSelector(
  [selectForm, selectCommentsQuery, selectComments, selectLastFiveComments, selectCommentLikedUsers, (state: State) => state.auth.currentUser],
  (form, query, comments, lastFiveComments, commentlikedUser, currentUser): CommentState => ({
    ...form,
    comments,
    loading: query.isUninitialized || query.isLoading,
    error: query.isError ? messageOf(query.error, 'Failed to fetch comments. Please try again later.') : null,
    commentlikedUser,
    currentUser,
    lastFiveComments,
  }),
);
