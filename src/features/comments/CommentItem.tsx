// One comment: avatar, name (fallback 'Unknown User'), date, content, Like with
// count (disabled signed out), Reply (threads one level under the top-level comment), and for its
// owner edit / cancel-edit / delete. A pinned comment says who pinned it; a hearted one shows the
// video owner's small avatar with a heart. The ⋮ menu (CommentMenu) comes from the section.
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import FavoriteIcon from '@mui/icons-material/Favorite';
import PushPinIcon from '@mui/icons-material/PushPin';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import ThumbUpOutlinedIcon from '@mui/icons-material/ThumbUpOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import type { Comment, Owner } from '../../../contract/entities';
import { UserAvatar } from '../../components/UserAvatar';
import { isPendingId } from '../../api/offline';
import { formatCount, formatRelativeDate } from '../../lib/format';
import { CommentForm } from './CommentForm';

interface Props {
  comment: Comment;
  /** The video's owner: who pins and hearts. */
  videoOwner: Owner;
  /** The ⋮ menu, when this viewer has entries in it. */
  menu?: ReactNode;
  signedIn: boolean;
  isOwner: boolean;
  /** This comment is the one the main form is editing. */
  editing: boolean;
  onEdit: () => void;
  onCancelEdit: () => void;
  onDelete: () => void;
  onLike: () => void;
  /** Sends a reply; resolves true when it was posted. */
  onReply: (content: string) => Promise<boolean>;
  /** Reply asked while signed out. */
  onNeedLogin: () => void;
}

/** 'Like comment, 2 likes': the action, then the count as the button shows it. */
const likeLabel = (likes: number) => `Like comment, ${formatCount(likes)} ${likes === 1 ? 'like' : 'likes'}`;

const small = { minWidth: 0, px: 1, textTransform: 'none', color: 'text.secondary' } as const;

export function CommentItem({ comment, videoOwner, menu, signedIn, isOwner, editing, onEdit, onCancelEdit, onDelete, onLike, onReply, onNeedLogin }: Props) {
  const [replying, setReplying] = useState(false);
  const [reply, setReply] = useState('');
  const [sending, setSending] = useState(false);
  const name = comment.owner?.fullName || 'Unknown User';
  const edited = comment.updatedAt && comment.updatedAt !== comment.createdAt;
  const isReply = Boolean(comment.parentId);
  // Posted offline: it has no server id yet, so it cannot be liked, answered or changed.
  const pending = isPendingId(comment._id);

  const openReply = () => {
    if (!signedIn) return onNeedLogin();
    // Answering a reply quotes its author, since the thread stays one level deep.
    setReply(isReply && comment.owner?.username ? `@${comment.owner.username} ` : '');
    setReplying(true);
  };

  const sendReply = async () => {
    setSending(true);
    const posted = await onReply(reply);
    setSending(false);
    if (posted) {
      setReply('');
      setReplying(false);
    }
  };

  return (
    <Box component="li" data-comment-id={comment._id} sx={{ display: 'flex', gap: 1.5, listStyle: 'none', pl: isReply ? { xs: 4, sm: 6 } : 0 }}>
      <UserAvatar name={name} src={comment.owner?.avatar} size={isReply ? 28 : 36} lazy />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {comment.pinned && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} data-testid="comment-pinned">
            <PushPinIcon sx={{ fontSize: 14 }} aria-hidden /> Pinned by {videoOwner.fullName || videoOwner.username}
          </Typography>
        )}
        <Typography variant="body2" sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Box component="span" sx={{ fontWeight: 700 }}>
            {name}
          </Box>
          <Box component="span" sx={{ color: 'text.secondary', fontSize: 12 }}>
            {formatRelativeDate(comment.createdAt)}
            {edited ? ' (edited)' : ''}
          </Box>
          {pending && (
            <Box component="span" data-testid="comment-pending" sx={{ color: 'warning.main', fontSize: 12, fontWeight: 600 }}>
              Pending sync
            </Box>
          )}
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.25, opacity: editing ? 0.6 : 1 }}>
          {comment.content}
        </Typography>
        {!pending && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center', mt: 0.25, ml: -1 }}>
            <Button
              size="small"
              disabled={!signedIn}
              onClick={onLike}
              // The visible count is part of the name (WCAG 2.5.3: 'click 2' works by voice).
              aria-label={likeLabel(comment.totalLikes)}
              aria-pressed={comment.isLiked}
              startIcon={comment.isLiked ? <ThumbUpIcon fontSize="small" /> : <ThumbUpOutlinedIcon fontSize="small" />}
              sx={{ ...small, color: comment.isLiked ? 'primary.main' : 'text.secondary' }}
            >
              {formatCount(comment.totalLikes)}
            </Button>
            <Button size="small" onClick={openReply} sx={small}>
              Reply
            </Button>
            {comment.hearted && <OwnerHeart owner={comment.heartedBy ?? videoOwner} />}
            {isOwner &&
              (editing ? (
                <Button size="small" onClick={onCancelEdit} sx={small}>
                  Cancel edit
                </Button>
              ) : (
                <Button size="small" onClick={onEdit} startIcon={<EditIcon fontSize="small" />} sx={small} aria-label="Edit comment">
                  Edit
                </Button>
              ))}
            {isOwner && (
              <Button size="small" onClick={onDelete} startIcon={<DeleteIcon fontSize="small" />} sx={small} aria-label="Delete comment">
                Delete
              </Button>
            )}
          </Box>
        )}
        {replying && (
          <Box sx={{ mt: 1 }}>
            <CommentForm
              mode="reply"
              value={reply}
              onChange={setReply}
              submitting={sending}
              onSubmit={() => void sendReply()}
              onCancel={() => setReplying(false)}
              autoFocus
            />
          </Box>
        )}
      </Box>
      {menu && <Box sx={{ flexShrink: 0, mt: -0.5, mr: -1 }}>{menu}</Box>}
    </Box>
  );
}

/** The video owner's heart: their small avatar with a red heart at its corner. */
function OwnerHeart({ owner }: { owner: Pick<Owner, 'username' | 'avatar'> & Partial<Pick<Owner, 'fullName'>> }) {
  const name = owner.fullName || owner.username;
  return (
    <Box component="span" role="img" aria-label={`Hearted by ${name}`} title={`Hearted by ${name}`} data-testid="comment-hearted" sx={{ position: 'relative', display: 'inline-flex', mx: 1 }}>
      <UserAvatar name={name} src={owner.avatar} size={20} lazy />
      <FavoriteIcon sx={{ position: 'absolute', right: -6, bottom: -4, fontSize: 13, color: 'error.main' }} aria-hidden />
    </Box>
  );
}
