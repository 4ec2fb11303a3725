// Moderation > Suspended accounts: who is suspended, why, until when and by whom, and Lift suspension.
// (Suspending starts from a reported video's card: Suspend owner.)
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { useGetSuspensionsInfiniteQuery, useLiftSuspensionMutation } from '../../api/endpoints/moderation';
import { useInfiniteList } from '../../components/useInfiniteList';
import { UserAvatar } from '../../components/UserAvatar';
import { cardListSx, formatWhen, ModerationCard, runAction } from './ModerationCard';
import { ModerationList } from './ModerationList';

const untilText = (until: string | null) => (until ? `until ${formatWhen(until)}` : 'until lifted');

export function SuspensionsTab() {
  const query = useGetSuspensionsInfiniteQuery();
  const list = useInfiniteList(query, (page) => page.suspensions.map((suspension) => ({ ...suspension, _id: suspension.user._id })));
  const [lift, lifting] = useLiftSuspensionMutation();

  return (
    <ModerationList list={list} noun="suspensions" emptyTitle="No suspended accounts" emptyMessage="Suspend a reported video's owner from its card in Reports.">
      <Box sx={cardListSx}>
        {list.items.map((suspension) => {
          const name = suspension.user.fullName || suspension.user.username;
          return (
            <ModerationCard
              key={suspension._id}
              label={name}
              media={<UserAvatar name={name} src={suspension.user.avatar} size={44} lazy />}
              title={
                <Box component={Link} to={`/profile/${encodeURIComponent(suspension.user.username)}`} sx={{ color: 'inherit', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}>
                  {name}
                </Box>
              }
              meta={`@${suspension.user.username} · ${untilText(suspension.until)}`}
              actions={
                <Button
                  size="small"
                  variant="outlined"
                  disabled={lifting.isLoading && lifting.originalArgs === suspension.user._id}
                  onClick={() => void runAction(lift(suspension.user._id), `Suspension of ${suspension.user.username} lifted`, 'Failed to lift the suspension')}
                >
                  Lift suspension
                </Button>
              }
            >
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                <strong>Reason:</strong> {suspension.reason}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                Suspended by @{suspension.actor.username} on {formatWhen(suspension.at)}
              </Typography>
            </ModerationCard>
          );
        })}
      </Box>
    </ModerationList>
  );
}
