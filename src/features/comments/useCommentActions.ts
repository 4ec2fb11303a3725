// Comment actions and their errors: a missing token or a 401 goes to /login; post,
// delete and fetch failures show their toasts; improve failures are only logged. The endpoints patch
// the cached list from each answer.
import { useNavigate } from 'react-router-dom';
import { type ApiError, messageOf } from '../../api/client';
import { useBlockUserMutation } from '../../api/endpoints/blocks';
import {
  useAddCommentMutation,
  useDeleteCommentMutation,
  useHeartCommentMutation,
  useImproveCommentMutation,
  usePinCommentMutation,
  useUpdateCommentMutation,
} from '../../api/endpoints/comments';
import { useToggleCommentLikeMutation } from '../../api/endpoints/reactions';
import { toast, TOAST_DURATION } from '../../components/toast';
import { getToken } from '../../lib/storage';

export const COMMENT_ERRORS = {
  fetch: 'Failed to fetch comments. Please try again later.',
  post: 'Failed to post comment. Please try again later.',
  remove: 'Failed to delete comment. Please try again later.',
  required: 'Comment is required',
  invalidImprove: 'Invalid response from server',
} as const;

export function useCommentActions(videoId: string) {
  const navigate = useNavigate();
  const [add] = useAddCommentMutation();
  const [update] = useUpdateCommentMutation();
  const [deleteComment] = useDeleteCommentMutation();
  const [like] = useToggleCommentLikeMutation();
  const [improve] = useImproveCommentMutation();
  const [pin] = usePinCommentMutation();
  const [heart] = useHeartCommentMutation();
  const [block] = useBlockUserMutation();

  /** True when there is no session: the caller stops and the user goes to /login. */
  const needsLogin = () => {
    if (getToken()) return false;
    navigate('/login');
    return true;
  };

  /** 401 (the session is already cleared by the client): /login; else the toast. */
  const failed = (error: unknown, fallback: string) => {
    if ((error as ApiError).status === 401) navigate('/login');
    else toast.error(messageOf(error, fallback), TOAST_DURATION.watchError);
  };

  return {
    needsLogin,
    async post(content: string, parentId?: string): Promise<boolean> {
      if (!content.trim() || needsLogin()) return false;
      const result = await add({ videoId, content: content.trim(), parentId });
      if (result.error) {
        failed(result.error, COMMENT_ERRORS.post);
        return false;
      }
      return true;
    },
    async edit(commentId: string, content: string): Promise<boolean> {
      if (!content.trim() || needsLogin()) return false;
      const result = await update({ commentId, videoId, content: content.trim() });
      if (result.error) {
        failed(result.error, COMMENT_ERRORS.post);
        return false;
      }
      return true;
    },
    async remove(commentId: string): Promise<boolean> {
      if (needsLogin()) return false;
      const result = await deleteComment({ commentId, videoId });
      if (result.error) {
        failed(result.error, COMMENT_ERRORS.remove);
        return false;
      }
      return true;
    },
    async like(commentId: string): Promise<void> {
      if (needsLogin()) return;
      const result = await like({ commentId, videoId });
      if (result.error) {
        failed(result.error, 'Failed to like comment. Please try again later.');
      }
    },
    /** The video owner's pin (toggles; pinning another unpins the previous one). */
    async pin(commentId: string): Promise<void> {
      if (needsLogin()) return;
      const result = await pin({ commentId, videoId });
      if (result.error) failed(result.error, 'Failed to pin comment. Please try again later.');
      else toast.success(result.data.pinned ? 'Comment pinned' : 'Comment unpinned');
    },
    async heart(commentId: string): Promise<void> {
      if (needsLogin()) return;
      const result = await heart({ commentId, videoId });
      if (result.error) failed(result.error, 'Failed to heart comment. Please try again later.');
    },
    /** Blocks the comment's author: their comments disappear for me (the list refetches). */
    async block(userId: string, username: string): Promise<boolean> {
      if (needsLogin()) return false;
      const result = await block(userId);
      if (result.error) {
        failed(result.error, 'Failed to block user. Please try again later.');
        return false;
      }
      toast.success(`Blocked @${username}. Unblock them in Settings > Privacy.`);
      return true;
    },
    /** The improved text, or null (failures are only logged). */
    async improve(title: string, comment: string, others: string[]): Promise<string | null> {
      if (!comment.trim() || needsLogin()) return null;
      const result = await improve({ title, comment, others });
      if (result.error) {
        if ((result.error as ApiError).status === 401) navigate('/login');
        console.warn('Improve comment failed:', (result.error as ApiError).message);
        return null;
      }
      if (typeof result.data !== 'string' || !result.data) {
        console.warn(COMMENT_ERRORS.invalidImprove);
        return null;
      }
      return result.data;
    },
  };
}
