// Below the player: like/dislike with counts (exclusive, toggling, optimistic), Share, Save (to a
// playlist), Download (for offline, with its progress) and the menu (Save to Watch later, Report), on one row that
// scrolls sideways on a narrow screen.
import FlagIcon from '@mui/icons-material/OutlinedFlag';
import MoreIcon from '@mui/icons-material/MoreHoriz';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import ShareIcon from '@mui/icons-material/Share';
import ThumbDownIcon from '@mui/icons-material/ThumbDown';
import ThumbDownOutlinedIcon from '@mui/icons-material/ThumbDownOutlined';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import ThumbUpOutlinedIcon from '@mui/icons-material/ThumbUpOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Fragment, memo, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ReactionType, Video } from '../../../contract/entities';
import { messageOf } from '../../api/client';
import { useToggleVideoReactionMutation } from '../../api/endpoints/reactions';
import { useGetMyReportQuery } from '../../api/endpoints/reports';
import { useAppSelector } from '../../lib/hooks';
import { toast, TOAST_DURATION } from '../../components/toast';
import { lazyChunk } from '../../lib/chunks';
import { formatCount } from '../../lib/format';
import { selectIsSignedIn } from '../auth/authSlice';
import { DownloadButton } from '../downloads/DownloadButton';
import { announceShare, shareLink } from '../../lib/share';
import { WatchLaterMenuItem } from './WatchLaterMenuItem';

const SaveToPlaylistDialog = lazyChunk(() => import('./SaveToPlaylistDialog'));
const ReportDialog = lazyChunk(() => import('../../components/ReportDialog'));

const REACTIONS = [
  { type: 'like', label: 'Like', count: 'likes', Icon: ThumbUpOutlinedIcon, ActiveIcon: ThumbUpIcon },
  { type: 'disLike', label: 'Dislike', count: 'disLikes', Icon: ThumbDownOutlinedIcon, ActiveIcon: ThumbDownIcon },
] as const satisfies readonly { type: ReactionType; label: string; count: 'likes' | 'disLikes'; Icon: unknown; ActiveIcon: unknown }[];

const pill = { borderRadius: 999, textTransform: 'none', fontWeight: 600, bgcolor: 'action.hover', color: 'text.primary', '&:hover': { bgcolor: 'action.selected' } } as const;

// Memoized: the watch screen re-renders on each of its queries' state changes.
export const VideoActions = memo(function VideoActions({ video }: { video: Video }) {
  const signedIn = useAppSelector(selectIsSignedIn);
  const navigate = useNavigate();
  const [toggleReaction] = useToggleVideoReactionMutation();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'save' | 'report' | null>(null);
  const myReport = useGetMyReportQuery(video._id, { skip: !signedIn });

  const needsLogin = () => {
    if (signedIn) return false;
    navigate('/login');
    return true;
  };

  const react = async (reactionType: ReactionType) => {
    if (needsLogin()) return;
    const result = await toggleReaction({ videoId: video._id, reactionType });
    if ('error' in result && result.error) toast.error(messageOf(result.error, 'Failed to update reaction. Please try again later.'), TOAST_DURATION.watchError);
  };

  const share = async () => {
    announceShare(await shareLink(window.location.href, video.title), toast, TOAST_DURATION.watchError);
  };

  return (
    // One row, as YouTube's: where it is wider than the screen it scrolls sideways (no scrollbar
    // drawn), and every chip keeps its size.
    <Box
      data-testid="video-actions"
      sx={{
        display: 'flex',
        flexWrap: 'nowrap',
        gap: 1,
        alignItems: 'center',
        minWidth: 0,
        maxWidth: '100%',
        overflowX: 'auto',
        overscrollBehaviorX: 'contain',
        scrollbarWidth: 'none',
        '&::-webkit-scrollbar': { display: 'none' },
        '& > *': { flexShrink: 0 },
        '& .MuiButton-root': { whiteSpace: 'nowrap' },
      }}
    >
      <Box sx={{ display: 'flex', borderRadius: 999, overflow: 'hidden', bgcolor: 'action.hover' }}>
        {REACTIONS.map(({ type, label, count, Icon, ActiveIcon }, index) => {
          const active = video.userReaction === type;
          return (
            <Fragment key={type}>
              {index > 0 && <Box sx={{ width: '1px', my: 1, bgcolor: 'divider' }} />}
              <Button
                aria-pressed={active}
                onClick={() => void react(type)}
                startIcon={active ? <ActiveIcon /> : <Icon />}
                sx={{ ...pill, borderRadius: 0, [index ? 'pr' : 'pl']: 2, color: active ? 'primary.main' : 'text.primary', bgcolor: 'transparent' }}
              >
                {/* Named 'Like (3)' by its text, not an aria-label that would hide the visible count (WCAG 2.5.3). */}
                <span className="visually-hidden">{`${label} (${video[count]})`}</span>
                <span aria-hidden>{formatCount(video[count])}</span>
              </Button>
            </Fragment>
          );
        })}
      </Box>
      <Button onClick={() => void share()} startIcon={<ShareIcon />} sx={pill}>
        Share
      </Button>
      <Button onClick={() => !needsLogin() && setDialog('save')} startIcon={<PlaylistAddIcon />} sx={pill}>
        Save
      </Button>
      <DownloadButton video={video} sx={pill} />
      <IconButton aria-label="More actions" aria-haspopup="menu" onClick={(event) => setMenuAnchor(event.currentTarget)} sx={{ bgcolor: 'action.hover' }}>
        <MoreIcon />
      </IconButton>
      <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
        <WatchLaterMenuItem videoId={video._id} closeMenu={() => setMenuAnchor(null)} />
        <MenuItem
          disabled={Boolean(myReport.data?.reported)}
          onClick={() => {
            setMenuAnchor(null);
            if (!needsLogin()) setDialog('report');
          }}
        >
          <ListItemIcon>
            <FlagIcon fontSize="small" />
          </ListItemIcon>
          {myReport.data?.reported ? 'Reported' : 'Report'}
        </MenuItem>
      </Menu>
      <Suspense fallback={null}>
        {dialog === 'save' && <SaveToPlaylistDialog videoId={video._id} onClose={() => setDialog(null)} />}
        {dialog === 'report' && <ReportDialog target={{ kind: 'video', videoId: video._id }} onClose={() => setDialog(null)} />}
      </Suspense>
    </Box>
  );
});
