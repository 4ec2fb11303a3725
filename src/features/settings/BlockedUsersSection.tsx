// Settings > Privacy > Blocked users: the people I blocked (from a comment's ⋮ menu), each with Unblock.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { messageOf } from '../../api/client';
import { useGetBlockedUsersQuery, useUnblockUserMutation } from '../../api/endpoints/blocks';
import { toast } from '../../components/toast';
import { UserAvatar } from '../../components/UserAvatar';
import { formatRelativeDate } from '../../lib/format';
import { SettingsSection } from './SettingsSection';

export function BlockedUsersSection() {
  const blocked = useGetBlockedUsersQuery();
  const [unblock, unblocking] = useUnblockUserMutation();
  const users = blocked.data ?? [];

  const lift = async (userId: string, username: string) => {
    const result = await unblock(userId);
    if (result.error) toast.error(messageOf(result.error, 'Failed to unblock. Please try again later.'));
    else toast.success(`Unblocked @${username}`);
  };

  return (
    <SettingsSection title="Blocked users">
      {blocked.isLoading ? (
        <Typography color="text.secondary" role="status">
          Loading blocked users...
        </Typography>
      ) : blocked.isError ? (
        <Box role="alert">
          <Typography sx={{ mb: 1 }}>Failed to fetch blocked users.</Typography>
          <Button size="small" variant="outlined" onClick={() => void blocked.refetch()}>
            Try Again
          </Button>
        </Box>
      ) : !users.length ? (
        <Typography color="text.secondary">You have not blocked anyone. Block someone from the ⋮ menu of their comment.</Typography>
      ) : (
        <Box component="ul" aria-label="Blocked users" sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {users.map((user) => (
            <Box component="li" key={user._id} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <UserAvatar name={user.fullName} src={user.avatar} size={36} lazy />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography component={Link} to={`/profile/${encodeURIComponent(user.username)}`} noWrap sx={{ display: 'block', fontWeight: 600, color: 'text.primary', textDecoration: 'none' }}>
                  {user.fullName || user.username}
                </Typography>
                <Typography variant="body2" color="text.secondary" noWrap>
                  @{user.username} · blocked {formatRelativeDate(user.blockedAt)}
                </Typography>
              </Box>
              <Button size="small" variant="outlined" disabled={unblocking.isLoading && unblocking.originalArgs === user._id} onClick={() => void lift(user._id, user.username)}>
                Unblock
              </Button>
            </Box>
          ))}
        </Box>
      )}
    </SettingsSection>
  );
}
