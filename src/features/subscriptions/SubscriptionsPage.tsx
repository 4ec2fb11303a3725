// /subscriptions: the channels I follow as a row of avatars (links to their profiles),
// then their newest videos with infinite scroll. With no subscriptions, channels worth following:
// the owners of the home feed's videos.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import type { Owner, SubscribedChannel, VideoCard } from '../../../contract/entities';
import { useGetSubscribedToQuery, useGetSubscriptionFeedInfiniteQuery } from '../../api/endpoints/subscriptions';
import { useGetFeedInfiniteQuery } from '../../api/endpoints/videos';
import { useAppSelector } from '../../lib/hooks';
import { usePageTitle } from '../../lib/usePageTitle';
import { useInfiniteList } from '../../components/useInfiniteList';
import { UserAvatar } from '../../components/UserAvatar';
import { listGridProps, VideoGrid } from '../../components/VideoGrid';
import { selectCurrentUser } from '../auth/authSlice';

const SUBSCRIPTIONS_FEED_ERROR = 'Failed to fetch videos. Please try again later.';
const SUGGESTED_CHANNELS = 8;

export default function SubscriptionsPage() {
  usePageTitle('Subscriptions');
  const user = useAppSelector(selectCurrentUser);
  const channels = useGetSubscribedToQuery(user?._id ?? '', { skip: !user });
  const feed = useInfiniteList<VideoCard>(useGetSubscriptionFeedInfiniteQuery());
  const following = channels.data ?? [];
  const followsNobody = channels.isSuccess && following.length === 0;

  return (
    <section aria-labelledby="subscriptions-title">
      <Typography id="subscriptions-title" variant="h6" component="h1" sx={{ mb: 1.5, fontWeight: 700 }}>
        Subscriptions
      </Typography>
      {following.length > 0 && <ChannelStrip label="Channels you follow" channels={following.map(channelOf)} />}
      {followsNobody ? (
        <ChannelsWorthFollowing excludeId={user?._id} />
      ) : (
        <VideoGrid
          {...listGridProps(feed, SUBSCRIPTIONS_FEED_ERROR)}
          emptyTitle="No videos yet"
          emptyMessage="The channels you follow have not published any videos yet."
        />
      )}
    </section>
  );
}

const channelOf = (channel: SubscribedChannel): Owner => ({ _id: channel.channelId, username: channel.username, fullName: channel.fullName, avatar: channel.avatar });

function ChannelStrip({ label, channels }: { label: string; channels: Owner[] }) {
  return (
    <Box component="nav" aria-label={label} sx={{ mb: 2.5 }}>
      <Box component="ul" sx={{ display: 'flex', gap: 2, overflowX: 'auto', listStyle: 'none', m: 0, p: 0, pb: 1 }}>
        {channels.map((channel) => (
          <Box component="li" key={channel._id} sx={{ flexShrink: 0 }}>
            <Box
              component={Link}
              to={`/profile/${encodeURIComponent(channel.username)}`}
              sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.5, width: 72, color: 'text.primary', textDecoration: 'none' }}
            >
              <UserAvatar name={channel.fullName} src={channel.avatar} size={56} />
              <Typography variant="caption" noWrap sx={{ maxWidth: '100%' }}>
                {channel.fullName || channel.username}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** The empty state: a message and the channels behind the home feed's videos. */
function ChannelsWorthFollowing({ excludeId }: { excludeId?: string }) {
  const feed = useInfiniteList<VideoCard>(useGetFeedInfiniteQuery(), undefined, { enabled: false });
  const owners = new Map<string, Owner>();
  for (const video of feed.items) if (video.owner && video.owner._id !== excludeId && owners.size < SUGGESTED_CHANNELS) owners.set(video.owner._id, video.owner);
  return (
    <Box sx={{ textAlign: 'center', py: 4 }}>
      <Typography variant="h6" component="h2">
        You are not following any channels yet
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Subscribe to channels and their newest videos show up here.
      </Typography>
      {owners.size > 0 && (
        <Box sx={{ textAlign: 'left' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
            Channels worth following
          </Typography>
          <ChannelStrip label="Channels worth following" channels={[...owners.values()]} />
        </Box>
      )}
      <Button component={Link} to="/home" variant="outlined">
        Explore videos
      </Button>
    </Box>
  );
}
