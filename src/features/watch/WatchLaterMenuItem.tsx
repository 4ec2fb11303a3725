// 'Save to Watch later' in a card's menu or the watch page's: signed out goes to /login; offline the
// save waits in the offline queue (which says so itself), otherwise a toast confirms it.
import WatchLaterIcon from '@mui/icons-material/WatchLaterOutlined';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import { useNavigate } from 'react-router-dom';
import { messageOf } from '../../api/client';
import { useSaveToWatchLaterMutation } from '../../api/endpoints/watchLater';
import { toast } from '../../components/toast';
import { useAppSelector } from '../../lib/hooks';
import { selectIsSignedIn } from '../auth/authSlice';

/** The menu item; `closeMenu` runs first, as every item of these menus does. */
export function WatchLaterMenuItem({ videoId, closeMenu }: { videoId: string; closeMenu: () => void }) {
  const signedIn = useAppSelector(selectIsSignedIn);
  const navigate = useNavigate();
  const [save] = useSaveToWatchLaterMutation();
  const saveToWatchLater = async () => {
    closeMenu();
    if (!signedIn) {
      navigate('/login');
      return;
    }
    const result = await save(videoId);
    if ('error' in result && result.error) toast.error(messageOf(result.error, 'Failed to save to Watch later. Please try again later.'));
    // Offline, the queue's own toast says it will sync.
    else if (navigator.onLine) toast.success('Saved to Watch later');
  };
  return (
    <MenuItem onClick={() => void saveToWatchLater()}>
      <ListItemIcon>
        <WatchLaterIcon fontSize="small" />
      </ListItemIcon>
      Save to Watch later
    </MenuItem>
  );
}
