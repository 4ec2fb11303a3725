// Comments of a video: 'Comments (n)', the form (or 'Please log in to post a
// comment.'), 'Loading comments...', the empty text, and the list with replies under their parent.
// The list comes from RTK Query (refetched on 'comment-updated'); the form's state is the comment
// slice, the rest of that state its selectors over the cache. Each comment's ⋮ menu (CommentMenu)
// offers what this viewer may do to someone else's comment: remove, pin, heart, report, block its author.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { memo, Suspense, useEffect, useRef, useState } from 'react';
import type { Comment, Owner } from '../../../contract/entities';
import { useGetCommentsQuery } from '../../api/endpoints/comments';
import { useAppDispatch, useAppSelector, useAppStore } from '../../lib/hooks';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { toast } from '../../components/toast';
import { UserAvatar } from '../../components/UserAvatar';
import { lazyChunk } from '../../lib/chunks';
import { commentMenuFor, isCommentOwner } from '../../lib/ownership';
import { selectCurrentUser, selectIsSignedIn } from '../auth/authSlice';
import { CommentForm } from './CommentForm';
import { CommentItem } from './CommentItem';
import { CommentMenu, type CommentMenuAction } from './CommentMenu';
import { selectLastFiveComments } from './commentSelectors';
import { resetForm, setCommentVideo, setNewComment, setSubmitting, startEdit } from './commentSlice';
import { COMMENT_ERRORS, useCommentActions } from './useCommentActions';

const ReportDialog = lazyChunk(() => import('../../components/ReportDialog'));

// Memoized: the watch screen re-renders on each of its queries' state changes; the comments depend on the id only.
const CommentsSection = memo(function CommentsSection({ videoId, videoTitle, videoOwner }: { videoId: string; videoTitle: string; videoOwner: Owner }) {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsSignedIn);
  const me = useAppSelector(selectCurrentUser);
  // The form's fields one by one: recording the video it belongs to (as the section opens, right
  // after a rendered page hydrates) then renders nothing again.
  const submitType = useAppSelector((state) => state.comment.submitType);
  const newComment = useAppSelector((state) => state.comment.newComment);
  const submitting = useAppSelector((state) => state.comment.submitting);
  // Read when 'Improve' is pressed, not subscribed to: it changes as the section records its video.
  const store = useAppStore();
  const comments = useGetCommentsQuery(videoId);
  const actions = useCommentActions(videoId);
  const [improving, setImproving] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [blocking, setBlocking] = useState<Owner | null>(null);
  const [reporting, setReporting] = useState<string | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const list = comments.data ?? [];

  useEffect(() => void dispatch(setCommentVideo({ videoId, videoTitle })), [dispatch, videoId, videoTitle]);

  const editingId = submitType.type === 'edit' ? submitType.commentId : null;
  const deletingOwn = isCommentOwner(me, list.find((comment) => comment._id === deleting));

  const submit = async () => {
    dispatch(setSubmitting(true));
    const done = editingId ? await actions.edit(editingId, newComment) : await actions.post(newComment);
    if (done) dispatch(resetForm());
    else dispatch(setSubmitting(false));
  };

  const improve = async () => {
    if (!newComment.trim()) return void toast.error(COMMENT_ERRORS.required);
    setImproving(true);
    const others = selectLastFiveComments(store.getState()).map((comment) => comment.content);
    const improved = await actions.improve(videoTitle, newComment, others);
    setImproving(false);
    if (improved) dispatch(setNewComment(improved));
  };

  const edit = (commentId: string, content: string) => {
    if (actions.needsLogin()) return;
    dispatch(startEdit({ commentId, content }));
    inputRef.current?.focus();
    inputRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  };

  const pick = (comment: Comment, action: CommentMenuAction) => {
    if (action === 'remove') setDeleting(comment._id);
    else if (action === 'pin') void actions.pin(comment._id);
    else if (action === 'heart') void actions.heart(comment._id);
    else if (action === 'report') setReporting(comment._id);
    else setBlocking(comment.owner);
  };

  const confirmBlock = async () => {
    if (!blocking) return;
    setDeleteBusy(true);
    await actions.block(blocking._id, blocking.username);
    setDeleteBusy(false);
    setBlocking(null);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    const done = await actions.remove(deleting);
    setDeleteBusy(false);
    if (done && deleting === editingId) dispatch(resetForm());
    setDeleting(null);
  };

  return (
    <Box component="section" aria-labelledby="comments-title" sx={{ mt: 3 }}>
      <Typography id="comments-title" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        Comments ({list.length})
      </Typography>
      {signedIn ? (
        <Box sx={{ display: 'flex', gap: 1.5, mb: 3 }}>
          <UserAvatar name={me?.fullName} src={me?.avatar} size={36} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <CommentForm
              mode={editingId ? 'edit' : 'send'}
              value={newComment}
              onChange={(value) => dispatch(setNewComment(value))}
              onSubmit={() => void submit()}
              onCancel={editingId ? () => dispatch(resetForm()) : undefined}
              onImprove={() => void improve()}
              submitting={submitting}
              improving={improving}
              inputRef={inputRef}
            />
          </Box>
        </Box>
      ) : (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Please log in to post a comment.
        </Typography>
      )}
      {comments.isLoading ? (
        <Typography color="text.secondary" role="status">
          Loading comments...
        </Typography>
      ) : comments.isError && !list.length ? (
        <Box role="alert">
          <Typography sx={{ mb: 1 }}>{COMMENT_ERRORS.fetch}</Typography>
          <Button variant="outlined" size="small" onClick={() => void comments.refetch()}>
            Try Again
          </Button>
        </Box>
      ) : list.length === 0 ? (
        <Typography color="text.secondary">No comments yet. Be the first to comment!</Typography>
      ) : (
        <Box component="ul" aria-label="Comments" sx={{ p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
          {list.map((comment) => (
            <CommentItem
              key={comment._id}
              comment={comment}
              videoOwner={videoOwner}
              menu={signedIn ? <CommentMenu comment={comment} allowed={commentMenuFor(me, comment, { owner: videoOwner })} onPick={(action) => pick(comment, action)} /> : undefined}
              signedIn={signedIn}
              isOwner={isCommentOwner(me, comment)}
              editing={comment._id === editingId}
              onEdit={() => edit(comment._id, comment.content)}
              onCancelEdit={() => dispatch(resetForm())}
              onDelete={() => setDeleting(comment._id)}
              onLike={() => void actions.like(comment._id)}
              onReply={(content) => actions.post(content, comment.parentId ?? comment._id)}
              onNeedLogin={() => actions.needsLogin()}
            />
          ))}
        </Box>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={deletingOwn ? 'Delete comment' : 'Remove comment'}
        message={`Are you sure you want to ${deletingOwn ? 'delete' : 'remove'} this comment? This action cannot be undone.`}
        confirmLabel={deletingOwn ? 'Delete' : 'Remove'}
        busy={deleteBusy}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={blocking !== null}
        title={`Block @${blocking?.username ?? ''}?`}
        message="You will no longer see their comments, and they cannot comment on your videos, reply to you or subscribe to you. You can unblock them in Settings."
        confirmLabel="Block"
        busy={deleteBusy}
        onConfirm={() => void confirmBlock()}
        onClose={() => setBlocking(null)}
      />
      <Suspense fallback={null}>{reporting && <ReportDialog target={{ kind: 'comment', commentId: reporting }} onClose={() => setReporting(null)} />}</Suspense>
    </Box>
  );
});
export default CommentsSection;
