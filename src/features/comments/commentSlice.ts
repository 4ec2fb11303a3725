// Comment state (spec section 3): the list, the form's send/edit mode and the improver's context.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Comment, CommentReaction } from '../../../contract/entities';
import type { StoredUser } from '../../lib/storage';

export const LAST_COMMENTS_PREVIEW = 5;

export interface SubmitType {
  type: 'send' | 'edit';
  commentId: string | null;
}

export interface CommentState {
  comments: Comment[];
  loading: boolean;
  error: string | null;
  submitType: SubmitType;
  newComment: string;
  submitting: boolean;
  commentlikedUser: CommentReaction[];
  currentUser: StoredUser | null;
  videoId: string | null;
  videoTitle: string | null;
  lastFiveComments: Comment[];
}

const initialState: CommentState = {
  comments: [],
  loading: true,
  error: null,
  submitType: { type: 'send', commentId: null },
  newComment: '',
  submitting: false,
  commentlikedUser: [],
  currentUser: null,
  videoId: null,
  videoTitle: null,
  lastFiveComments: [],
};

export const commentSlice = createSlice({
  name: 'comment',
  initialState,
  reducers: {
    setComments(state, action: PayloadAction<Comment[]>) {
      state.comments = action.payload;
      state.lastFiveComments = action.payload.slice(0, LAST_COMMENTS_PREVIEW);
    },
    /** New comments go to the top. */
    commentAdded(state, action: PayloadAction<Comment>) {
      state.comments = [action.payload, ...state.comments.filter((c) => c._id !== action.payload._id)];
      state.lastFiveComments = state.comments.slice(0, LAST_COMMENTS_PREVIEW);
    },
    commentUpdated(state, action: PayloadAction<Comment>) {
      state.comments = state.comments.map((c) => (c._id === action.payload._id ? action.payload : c));
      state.lastFiveComments = state.comments.slice(0, LAST_COMMENTS_PREVIEW);
    },
    commentRemoved(state, action: PayloadAction<string>) {
      state.comments = state.comments.filter((c) => c._id !== action.payload);
      state.lastFiveComments = state.comments.slice(0, LAST_COMMENTS_PREVIEW);
    },
    setLoading(state, action: PayloadAction<boolean>) {
      state.loading = action.payload;
    },
    setError(state, action: PayloadAction<string | null>) {
      state.error = action.payload;
    },
    setNewComment(state, action: PayloadAction<string>) {
      state.newComment = action.payload;
    },
    setSubmitting(state, action: PayloadAction<boolean>) {
      state.submitting = action.payload;
    },
    setCommentLikedUser(state, action: PayloadAction<CommentReaction[]>) {
      state.commentlikedUser = action.payload;
    },
    setCommentCurrentUser(state, action: PayloadAction<StoredUser | null>) {
      state.currentUser = action.payload;
    },
    setCommentVideo(state, action: PayloadAction<{ videoId: string | null; videoTitle: string | null }>) {
      state.videoId = action.payload.videoId;
      state.videoTitle = action.payload.videoTitle;
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

export const {
  setComments,
  commentAdded,
  commentUpdated,
  commentRemoved,
  setLoading,
  setError,
  setNewComment,
  setSubmitting,
  setCommentLikedUser,
  setCommentCurrentUser,
  setCommentVideo,
  startEdit,
  resetForm,
} = commentSlice.actions;
