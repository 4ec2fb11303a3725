// /studio: the signed-in creator's channel over 7, 28 or 90 days: views and watch time per day,
// subscribers gained and lost per day, top videos, viewers now, traffic sources and device classes.
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { useGetStudioOverviewQuery } from '../../api/endpoints/studio';
import { usePageTitle } from '../../lib/usePageTitle';
import { StatTiles } from '../../components/StatTiles';
import { formatCount, formatHoursMinutes } from '../../lib/format';
import { CountsChart, DailyChart, DEVICE_LABELS, SOURCE_LABELS, SubscribersChart, totalTiles, watchingNow } from './charts';
import { RangePicker, useStudioRange } from './RangePicker';
import { StudioState } from './StudioState';

export default function StudioPage() {
  usePageTitle('Studio');
  const [range, setRange] = useStudioRange();
  const query = useGetStudioOverviewQuery(range, { refetchOnMountOrArgChange: true });
  const data = query.data;
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          Channel analytics
        </Typography>
        <RangePicker range={range} onChange={setRange} />
      </Box>
      <StudioState query={query} />
      {data && (
        <>
          <StatTiles label="Channel totals" tiles={totalTiles(data.totals)} />
          <Typography variant="body2" color="text.secondary">
            {watchingNow(data.viewersNow)}
          </Typography>
          <DailyChart title="Views per day" days={data.days} />
          <Box component="section" aria-labelledby="studio-subscribers" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
            <Typography id="studio-subscribers" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              Subscribers
            </Typography>
            <StatTiles
              label="Subscribers in this period"
              tiles={[
                { label: 'Gained', value: `+${formatCount(data.subscribersGained)}` },
                { label: 'Lost', value: `−${formatCount(data.subscribersLost)}` },
                { label: 'Total', value: formatCount(data.subscribersTotal) },
              ]}
            />
            <SubscribersChart days={data.subscriberDays} />
          </Box>
          <Box component="section" aria-labelledby="studio-top-videos">
            <Typography id="studio-top-videos" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              Top videos
            </Typography>
            {data.topVideos.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                No views in this period yet.
              </Typography>
            ) : (
              <List component="ol" dense disablePadding>
                {data.topVideos.map((video) => (
                  <ListItem key={video._id} disablePadding>
                    <ListItemButton component={Link} to={`/studio/videos/${video._id}?range=${range}`} sx={{ borderRadius: 2, gap: 1.5 }}>
                      <ListItemAvatar sx={{ minWidth: 0 }}>
                        <Avatar variant="rounded" src={video.thumbnail || undefined} alt="" sx={{ width: 64, height: 36 }} />
                      </ListItemAvatar>
                      <ListItemText
                        primary={video.title}
                        secondary={`${formatCount(video.views)} views · ${formatHoursMinutes(video.watchSeconds)} watched`}
                        slotProps={{ primary: { noWrap: true }, secondary: { color: 'text.secondary' } }}
                      />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            )}
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <CountsChart title="Traffic sources" counts={data.sources} labels={SOURCE_LABELS} />
            <CountsChart title="Devices" counts={data.devices} labels={DEVICE_LABELS} />
          </Box>
          <Button component={Link} to="/my-videos" sx={{ alignSelf: 'flex-start' }}>
            Your videos
          </Button>
        </>
      )}
    </Box>
  );
}
