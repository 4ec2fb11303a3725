// The owner block: avatar, full name and @username linking to the profile, the
// live subscriber count and Subscribe/Unsubscribe.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import type { Owner } from '../../../contract/entities';
import { useGetSubscriptionStatusQuery } from '../../api/endpoints/subscriptions';
import { SubscribeButton } from '../subscriptions/SubscribeButton';
import { UserAvatar } from '../../components/UserAvatar';
import { formatCount } from '../../lib/format';
import type { ReactNode } from 'react';

/** `action`: shown beside Subscribe (the owner's 'Edit video'). */
export function OwnerBlock({ owner, action }: { owner: Owner; action?: ReactNode }) {
  const status = useGetSubscriptionStatusQuery(owner._id, { skip: !owner._id });
  const total = status.data?.totalSubscribers ?? 0;
  const name = owner.fullName || 'Unknown User';
  const handle = owner.username || 'unknown';
  const profile = `/profile/${encodeURIComponent(handle)}`;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      {/* The name beside it is the same link: the avatar is a mouse target only. */}
      <Box component={Link} to={profile} tabIndex={-1} aria-hidden sx={{ flexShrink: 0 }}>
        <UserAvatar name={name} src={owner.avatar} size={44} />
      </Box>
      {/* The name keeps room for itself: the buttons wrap under it on a narrow screen instead of cutting it. */}
      <Box sx={{ minWidth: 0, flex: '1 1 150px' }}>
        <Typography
          component={Link}
          to={profile}
          sx={{ fontWeight: 700, color: 'text.primary', textDecoration: 'none', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}
        >
          {name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 0.75 }}>
          <Box component={Link} to={profile} sx={{ color: 'inherit', textDecoration: 'none', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '100%' }}>
            @{handle}
          </Box>
          <span data-testid="subscriber-count">
            {formatCount(total)} {total === 1 ? 'subscriber' : 'subscribers'}
          </span>
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexShrink: 0, ml: 'auto' }}>
        <SubscribeButton channelId={owner._id} />
        {action}
      </Box>
    </Box>
  );
}
