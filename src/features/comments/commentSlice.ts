// Comment state. The slice holds only what the client owns: the form (send or
// edit mode, the draft, submitting) and which video it belongs to. The rest of the spec's state
// (comments, loading, error, lastFiveComments, commentlikedUser, currentUser) is derived by
// selectors from the RTK Query cache and the auth slice, so it can never drift from the server data.
import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Comment, CommentReaction } from '../../../contract/entities';
import { commentsApi } from '../../api/endpoints/comments';
import { reactionsApi } from '../../api/endpoints/reactions';
import { messageOf } from '../../api/client';
import type { StoredUser } from '../../lib/storage';

const LAST_COMMENTS_PREVIEW = 5;

interface SubmitType {
  type: 'send' | 'edit';
  commentId: string | null;
}

interface CommentFormState {
  submitType: SubmitType;
  newComment: string;
  submitting: boolean;
  videoId: string | null;
  videoTitle: string | null;
}

const initialState: CommentFormState = {
  submitType: { type: 'send', commentId: null },
  newComment: '',
  submitting: false,
  videoId: null,
  videoTitle: null,
};

export const commentSlice = createSlice({
  name: 'comment',
  initialState,
  reducers: {
    /** The comments section opened another video: its form starts empty in send mode. */
    setCommentVideo(state, action: PayloadAction<{ videoId: string | null; videoTitle: string | null }>) {
      Object.assign(state, initialState, action.payload);
    },
    setNewComment(state, action: PayloadAction<string>) {
      state.newComment = action.payload;
    },
    setSubmitting(state, action: PayloadAction<boolean>) {
      state.submitting = action.payload;
    },
    /** Edit mode: the form holds the comment's text. */
    startEdit(state, action: PayloadAction<{ commentId: string; content: string }>) {
      state.submitType = { type: 'edit', commentId: action.payload.commentId };
      state.newComment = action.payload.content;
    },
    /** Cancel or a finished edit: back to send mode with an empty form. */
    resetForm(state) {
      state.submitType = { type: 'send', commentId: null };
      state.newComment = '';
      state.submitting = false;
    },
  },
});

export const { setCommentVideo, setNewComment, setSubmitting, startEdit, resetForm } = commentSlice.actions;

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
