// The ⋮ menu of a video card: Save to Watch later, Save to playlist, Download for offline, Share. A chunk of
// its own, loaded the first time a card's menu opens; the dialogs load when picked. The shared card
// (components/VideoCard.tsx) knows it only through VideoCardMenuContext, which the app shell fills.
import DownloadIcon from '@mui/icons-material/DownloadForOffline';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import ShareIcon from '@mui/icons-material/ShareOutlined';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { VideoCardMenuProps } from '../../components/videoCardMenu';
import { useGetVideoQuery } from '../../api/endpoints/videos';
import { useAppSelector } from '../../lib/hooks';
import { lazyChunk } from '../../lib/chunks';
import { selectIsSignedIn } from '../auth/authSlice';
import { announceShare, shareLink } from '../../lib/share';
import { toast } from '../../components/toast';
import { WatchLaterMenuItem } from './WatchLaterMenuItem';

const SaveToPlaylistDialog = lazyChunk(() => import('./SaveToPlaylistDialog'));
const DownloadDialog = lazyChunk(() => import('../downloads/DownloadDialog'));

type Open = 'menu' | 'save' | 'download';

export default function VideoCardMenu({ video, anchor, onClose }: VideoCardMenuProps) {
  const signedIn = useAppSelector(selectIsSignedIn);
  const navigate = useNavigate();
  const [open, setOpen] = useState<Open>('menu');
  const pick = (next: Exclude<Open, 'menu'>) => () => {
    if (next === 'save' && !signedIn) {
      onClose();
      navigate('/login');
      return;
    }
    setOpen(next);
  };
  const share = async () => {
    onClose();
    const url = new URL(`/watch/${encodeURIComponent(video._id)}`, window.location.origin).href;
    announceShare(await shareLink(url, video.title), toast);
  };

  return (
    <>
      <Menu
        open={open === 'menu'}
        anchorEl={anchor}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': `Actions for ${video.title}` } }}
      >
        <WatchLaterMenuItem videoId={video._id} closeMenu={onClose} />
        <MenuItem onClick={pick('save')}>
          <ListItemIcon>
            <PlaylistAddIcon fontSize="small" />
          </ListItemIcon>
          Save to playlist
        </MenuItem>
        <MenuItem onClick={pick('download')}>
          <ListItemIcon>
            <DownloadIcon fontSize="small" />
          </ListItemIcon>
          Download for offline
        </MenuItem>
        <MenuItem onClick={() => void share()}>
          <ListItemIcon>
            <ShareIcon fontSize="small" />
          </ListItemIcon>
          Share
        </MenuItem>
      </Menu>
      <Suspense fallback={null}>
        {open === 'save' && <SaveToPlaylistDialog videoId={video._id} onClose={onClose} />}
        {open === 'download' && <CardDownload videoId={video._id} onClose={onClose} />}
      </Suspense>
    </>
  );
}

/** The download dialog needs the video's renditions, which a card does not carry. */
function CardDownload({ videoId, onClose }: { videoId: string; onClose: () => void }) {
  const video = useGetVideoQuery(videoId);
  useEffect(() => {
    if (!video.isError) return;
    toast.error('Failed to fetch video. Please try again later.');
    onClose();
  }, [video.isError, onClose]);
  return video.data ? <DownloadDialog video={video.data} onClose={onClose} /> : null;
}
