// Moderation > Takedowns: every taken-down video with its reason, who took it down and when, and Restore.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { useGetTakedownsInfiniteQuery, useRestoreVideoMutation } from '../../api/endpoints/moderation';
import { useInfiniteList } from '../../components/useInfiniteList';
import { cardListSx, formatWhen, ModerationCard, runAction } from './ModerationCard';
import { ModerationList } from './ModerationList';
import { VideoPicture } from './VideoPicture';

export function TakedownsTab() {
  const query = useGetTakedownsInfiniteQuery();
  // A takedown is identified by its video.
  const list = useInfiniteList(query, (page) => page.takedowns.map((takedown) => ({ ...takedown, _id: takedown.video._id })));
  const [restore, restoring] = useRestoreVideoMutation();

  return (
    <ModerationList list={list} noun="takedowns" emptyTitle="No videos taken down" emptyMessage="Videos moderators take down are listed here until restored.">
      <Box sx={cardListSx}>
        {list.items.map((takedown) => (
          <ModerationCard
            key={takedown._id}
            label={takedown.video.title}
            media={<VideoPicture video={takedown.video} />}
            title={
              <Box component={Link} to={`/watch/${encodeURIComponent(takedown.video._id)}`} sx={{ color: 'inherit', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}>
                {takedown.video.title}
              </Box>
            }
            meta={`by ${takedown.video.owner.fullName || takedown.video.owner.username} (@${takedown.video.owner.username})`}
            actions={
              <Button
                size="small"
                variant="outlined"
                disabled={restoring.isLoading && restoring.originalArgs === takedown.video._id}
                onClick={() => void runAction(restore(takedown.video._id), 'Video restored', 'Failed to restore the video')}
              >
                Restore
              </Button>
            }
          >
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              <strong>Reason:</strong> {takedown.reason}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              Taken down by @{takedown.actor.username} on {formatWhen(takedown.at)}
            </Typography>
          </ModerationCard>
        ))}
      </Box>
    </ModerationList>
  );
}
