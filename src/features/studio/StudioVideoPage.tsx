// /studio/videos/{videoId}: one video over the range (its owner or an admin): views per day,
// average view duration, the retention curve with the description's chapters marked under it,
// traffic sources, devices.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link, useParams } from 'react-router-dom';
import { useGetStudioVideoQuery } from '../../api/endpoints/studio';
import { usePageTitle } from '../../lib/usePageTitle';
import { StatTiles } from '../../components/StatTiles';
import { CountsChart, DailyChart, DEVICE_LABELS, RetentionChart, SOURCE_LABELS, totalTiles, watchingNow } from './charts';
import { RangePicker, useStudioRange } from './RangePicker';
import { StudioState } from './StudioState';

export default function StudioVideoPage() {
  const { videoId = '' } = useParams();
  const [range, setRange] = useStudioRange();
  const query = useGetStudioVideoQuery({ videoId, range }, { refetchOnMountOrArgChange: true });
  const data = query.data;
  usePageTitle(data ? `${data.video.title} - Studio` : 'Studio');
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Button component={Link} to={`/studio?range=${range}`} sx={{ alignSelf: 'flex-start' }}>
        Channel analytics
      </Button>
      <StudioState query={query} />
      {data && (
        <>
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 0 }}>
            {data.video.thumbnail && <Box component="img" src={data.video.thumbnail} alt="" sx={{ width: 96, aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 1.5, flexShrink: 0 }} />}
            <Typography variant="h6" component="h1" sx={{ fontWeight: 700, minWidth: 0, overflowWrap: 'anywhere' }}>
              {data.video.title}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {watchingNow(data.viewersNow)}
            </Typography>
            <RangePicker range={range} onChange={setRange} />
          </Box>
          <StatTiles
            label="Video totals"
            tiles={totalTiles(data.totals)}
          />
          <DailyChart title="Views per day" days={data.days} />
          <RetentionChart retention={data.retention} duration={data.video.duration} chapters={data.chapters} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <CountsChart title="Traffic sources" counts={data.sources} labels={SOURCE_LABELS} />
            <CountsChart title="Devices" counts={data.devices} labels={DEVICE_LABELS} />
          </Box>
          <Button component={Link} to={`/watch/${data.video._id}`} sx={{ alignSelf: 'flex-start' }}>
            Watch the video
          </Button>
        </>
      )}
    </Box>
  );
}
