// The studio's charts (@mui/x-charts, in the studio's chunk only), each a <figure> whose caption says
// what it shows in words, with its numbers also in a table that screen readers read (x-charts' own
// keyboard focus announces one point at a time).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { LineChart } from '@mui/x-charts/LineChart';
import { useId, type ReactNode } from 'react';
import type { StudioDay, StudioOverview, StudioSubscriberDay } from '../../../contract/analytics';
import type { Chapter } from '../../../contract/chapters';
import { formatCount, formatDuration, formatHoursMinutes } from '../../lib/format';
import { ChapterMarks, chapterBucket } from './ChapterMarks';

const CHART_HEIGHT = 220;
/** Read by screen readers, not drawn. */
const SCREEN_READER_ONLY = { position: 'absolute', width: '1px', height: '1px', p: 0, m: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;

interface FigureProps {
  title: string;
  summary: string;
  table: { head: string[]; rows: Array<Array<string | number>> };
  children: ReactNode;
  /** Drawn under the chart, inside the figure (the retention curve's chapter marks). */
  below?: ReactNode;
}

function ChartFigure({ title, summary, table, children, below }: FigureProps) {
  const captionId = useId();
  return (
    <Box component="figure" aria-labelledby={captionId} sx={{ m: 0, p: { xs: 1.5, sm: 2 }, border: 1, borderColor: 'divider', borderRadius: 2, minWidth: 0 }}>
      <Typography id={captionId} component="figcaption" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
        <Box component="span" sx={{ display: 'block', typography: 'body2', color: 'text.secondary', fontWeight: 400 }}>
          {summary}
        </Box>
      </Typography>
      <Box sx={{ width: '100%', height: CHART_HEIGHT }}>
        {children}
      </Box>
      {below}
      {/* A table is as wide as its cells whatever its own width: the clipping box is a div around it. */}
      <Box sx={SCREEN_READER_ONLY}>
        <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            {table.head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={String(row[0])}>
              {row.map((cell, index) => (index === 0 ? <th key={index} scope="row">{cell}</th> : <td key={index}>{cell}</td>))}
            </tr>
          ))}
        </tbody>
        </table>
      </Box>
    </Box>
  );
}

const shortDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Views (and watch minutes) per day over the range. */
export function DailyChart({ days, title }: { days: StudioDay[]; title: string }) {
  const total = days.reduce((sum, day) => sum + day.views, 0);
  const best = days.reduce<StudioDay | null>((top, day) => (!top || day.views > top.views ? day : top), null);
  const summary = total ? `${total} views over ${days.length} days; most on ${shortDay(best!.day)} (${best!.views}).` : `No views in the last ${days.length} days.`;
  return (
    <ChartFigure title={title} summary={summary} table={{ head: ['Day', 'Views', 'Watch time'], rows: days.map((day) => [day.day, day.views, formatHoursMinutes(day.watchSeconds)]) }}>
      <LineChart
        height={CHART_HEIGHT}
        margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
        xAxis={[{ scaleType: 'point', data: days.map((day) => shortDay(day.day)), tickLabelMinGap: 24 }]}
        yAxis={[{ width: 36, tickMinStep: 1 }]}
        series={[{ data: days.map((day) => day.views), label: 'Views', area: true, showMark: false, curve: 'linear', color: '#3ea6ff' }]}
        hideLegend
      />
    </ChartFigure>
  );
}

/** The retention chart's y axis: its width is where the plot area (and the chapter marks) start. */
const RETENTION_AXIS_WIDTH = 48;
const RETENTION_MARGIN = { left: 0, right: 8, top: 8, bottom: 0 };

/** The share of views still watching at each 1% of the video, with the chapters marked under it. */
export function RetentionChart({ retention, duration, chapters: described }: { retention: number[]; duration: number; chapters: Chapter[] }) {
  // A video of unknown length (0) has nowhere to place them.
  const chapters = duration > 0 ? described : [];
  const at = (percent: number) => Math.round(retention[Math.min(99, percent)]! * 100);
  const summary = `${at(0)}% of views watched the start, ${at(49)}% reached the middle and ${at(99)}% the end.`;
  const points = retention.map((_, bucket) => bucket);
  return (
    <ChartFigure
      title="Audience retention"
      summary={summary}
      table={{ head: ['Point of the video', 'Still watching'], rows: [0, 10, 25, 50, 75, 90, 99].map((percent) => [`${percent}% (${formatDuration(Math.round((duration * percent) / 100))})`, `${at(percent)}%`]) }}
      below={chapters.length > 0 && <ChapterMarks chapters={chapters} duration={duration} retention={retention} inset={{ left: RETENTION_MARGIN.left + RETENTION_AXIS_WIDTH, right: RETENTION_MARGIN.right }} />}
    >
      <LineChart
        height={CHART_HEIGHT}
        margin={RETENTION_MARGIN}
        xAxis={[{ data: points, min: 0, max: 99, valueFormatter: (value: number) => `${value}%`, tickNumber: 5 }]}
        yAxis={[{ width: RETENTION_AXIS_WIDTH, min: 0, max: 1, valueFormatter: (value: number) => `${Math.round(value * 100)}%` }]}
        series={[{ data: retention, label: 'Still watching', showMark: false, area: true, curve: 'linear', color: '#ff7043' }]}
        hideLegend
      >
        {/* Where each chapter after the first begins, over the curve. */}
        {chapters.slice(1).map((chapter) => (
          <ChartsReferenceLine key={chapter.start} x={chapterBucket(chapter.start, duration)} lineStyle={{ strokeDasharray: '4 3', strokeOpacity: 0.6 }} />
        ))}
      </LineChart>
    </ChartFigure>
  );
}

/** Subscribers gained (up) and lost (down) per day over the range. */
export function SubscribersChart({ days }: { days: StudioSubscriberDay[] }) {
  const gained = days.reduce((sum, day) => sum + day.gained, 0);
  const lost = days.reduce((sum, day) => sum + day.lost, 0);
  const net = gained - lost;
  const summary = gained || lost ? `${gained} gained and ${lost} lost over ${days.length} days (net ${net > 0 ? '+' : ''}${net}).` : `No subscribers gained or lost in the last ${days.length} days.`;
  return (
    <ChartFigure
      title="Subscribers per day"
      summary={summary}
      table={{ head: ['Day', 'Gained', 'Lost'], rows: days.filter((day) => day.gained || day.lost).map((day) => [day.day, day.gained, day.lost]) }}
    >
      {/* No height: the chart fills its box, legend included. */}
      <BarChart
        margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
        xAxis={[{ scaleType: 'band', data: days.map((day) => shortDay(day.day)), tickLabelMinGap: 24 }]}
        yAxis={[{ width: 36, tickMinStep: 1, valueFormatter: (value: number) => String(Math.abs(value)) }]}
        series={[
          { data: days.map((day) => day.gained), label: 'Gained', stack: 'change', color: '#66bb6a' },
          { data: days.map((day) => -day.lost), label: 'Lost', stack: 'change', color: '#ef5350', valueFormatter: (value) => String(Math.abs(value ?? 0)) },
        ]}
        slotProps={{ legend: { position: { vertical: 'top', horizontal: 'end' } } }}
      />
    </ChartFigure>
  );
}

/** Counts by name (traffic sources, device classes) as horizontal bars, largest first. */
export function CountsChart({ title, counts, labels }: { title: string; counts: Record<string, number>; labels: Record<string, string> }) {
  const entries = Object.entries(counts)
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1]);
  const total = entries.reduce((sum, [, count]) => sum + count, 0);
  const summary = total ? entries.map(([name, count]) => `${labels[name] ?? name} ${Math.round((count / total) * 100)}%`).join(', ') : 'No views yet.';
  return (
    <ChartFigure title={title} summary={summary} table={{ head: ['Name', 'Views'], rows: entries.map(([name, count]) => [labels[name] ?? name, count]) }}>
      {total > 0 && (
        <BarChart
          height={CHART_HEIGHT}
          layout="horizontal"
          margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
          yAxis={[{ scaleType: 'band', data: entries.map(([name]) => labels[name] ?? name), width: 96 }]}
          xAxis={[{ tickMinStep: 1 }]}
          series={[{ data: entries.map(([, count]) => count), label: 'Views', color: '#7e57c2' }]}
          hideLegend
        />
      )}
    </ChartFigure>
  );
}

export const SOURCE_LABELS: Record<string, string> = {
  home: 'Home',
  search: 'Search',
  subscriptions: 'Subscriptions',
  channel: 'Channel page',
  playlist: 'Playlists',
  related: 'Related videos',
  notification: 'Notifications',
  external: 'Outside links',
  offline: 'Downloads (offline)',
  other: 'Other',
};

export const DEVICE_LABELS: Record<string, string> = { phone: 'Phone', tablet: 'Tablet', desktop: 'Computer' };

/** The totals every studio page opens with. */
export const totalTiles = (totals: StudioOverview['totals']) => [
  { label: 'Views', value: formatCount(totals.views) },
  { label: 'Watch time', value: formatHoursMinutes(totals.watchSeconds) },
  { label: 'Avg. view', value: formatDuration(totals.averageViewSeconds) },
];

export const watchingNow = (viewers: number) => (viewers === 1 ? '1 person is watching now' : `${formatCount(viewers)} people are watching now`);
