// The ⋮ menu of a comment: Remove (the video's owner, moderators), Pin/Unpin and Heart/Remove heart
// (the video's owner), Report and Block user (anyone signed in, not on their own comment). Which entries show is
// decided in lib/ownership.ts (commentMenuFor); the server enforces the same rules.
import BlockIcon from '@mui/icons-material/Block';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import FavoriteIcon from '@mui/icons-material/FavoriteBorder';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import FlagIcon from '@mui/icons-material/OutlinedFlag';
import PushPinIcon from '@mui/icons-material/PushPinOutlined';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { type ReactNode, useState } from 'react';
import type { Comment } from '../../../contract/entities';
import type { commentMenuFor } from '../../lib/ownership';

export type CommentMenuAction = 'remove' | 'pin' | 'heart' | 'report' | 'block';

export function CommentMenu({ comment, allowed, onPick }: { comment: Comment; allowed: ReturnType<typeof commentMenuFor>; onPick: (action: CommentMenuAction) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = comment.owner?.fullName || comment.owner?.username || 'this user';
  const entries: { action: CommentMenuAction; label: string; icon: ReactNode }[] = [];
  if (allowed.pin) entries.push({ action: 'pin', label: comment.pinned ? 'Unpin' : 'Pin', icon: <PushPinIcon fontSize="small" /> });
  if (allowed.heart) entries.push({ action: 'heart', label: comment.hearted ? 'Remove heart' : 'Heart', icon: <FavoriteIcon fontSize="small" /> });
  if (allowed.remove) entries.push({ action: 'remove', label: 'Remove', icon: <DeleteIcon fontSize="small" /> });
  if (allowed.report) entries.push({ action: 'report', label: 'Report', icon: <FlagIcon fontSize="small" /> });
  if (allowed.block) entries.push({ action: 'block', label: 'Block user', icon: <BlockIcon fontSize="small" /> });
  if (!entries.length) return null;

  return (
    <>
      <IconButton size="small" aria-label={`More actions for ${name}'s comment`} aria-haspopup="menu" aria-expanded={Boolean(anchor)} onClick={(event) => setAnchor(event.currentTarget)}>
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {entries.map((entry) => (
          <MenuItem
            key={entry.action}
            onClick={() => {
              setAnchor(null);
              onPick(entry.action);
            }}
          >
            <ListItemIcon>{entry.icon}</ListItemIcon>
            {entry.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
