// Comment state. The slice holds only what the client owns: the form (send or
// edit mode, the draft, submitting) and which video it belongs to. The rest of the spec's state
// (comments, loading, error, lastFiveComments, commentlikedUser, currentUser) is derived by the
// selectors in commentSelectors.ts (loaded with the comments' screen) from the RTK Query cache and
// the auth slice, so it can never drift from the server data.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

interface SubmitType {
  type: 'send' | 'edit';
  commentId: string | null;
}

export interface CommentFormState {
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

