// A user in the search results: avatar, full name, @username, join date,
// subscribers, views and bio, linking to /profile/{username}.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import type { UserSearchResult } from '../../../contract/entities';
import { UserAvatar } from '../../components/UserAvatar';
import { formatCount, formatRelativeDate, formatViews } from '../../lib/format';
import { Highlight } from './Highlight';

export function UserResultCard({ user, query }: { user: UserSearchResult; query: string }) {
  const joined = formatRelativeDate(user.createdAt);
  return (
    <Paper
      component={Link}
      to={`/profile/${encodeURIComponent(user.username)}`}
      variant="outlined"
      aria-label={`${user.fullName} (@${user.username})`}
      sx={{ display: 'flex', gap: 2, p: 2, borderRadius: 3, textDecoration: 'none', color: 'inherit', minWidth: 0, '&:hover': { borderColor: 'primary.main' } }}
    >
      <UserAvatar name={user.fullName} src={user.avatar} size={56} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          <Highlight text={user.fullName} query={query} />
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          @<Highlight text={user.username} query={query} />
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatCount(user.subscribersCount)} {user.subscribersCount === 1 ? 'subscriber' : 'subscribers'} · {formatViews(user.totalViews)}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          Joined {joined === 'Today' || joined === 'Yesterday' ? joined.toLowerCase() : joined}
        </Typography>
        {user.bio && (
          <Typography variant="body2" sx={{ mt: 0.5, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}>
            <Highlight text={user.bio} query={query} />
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
