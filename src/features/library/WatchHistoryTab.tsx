// Watch history: 'My Watch History', Total Views, Total Duration and Avg. Views,
// the owner's 'Clear History' (confirmed), 'Loading your watch history...', an error with Try
// Again, the empty state, and a two-column list of horizontal cards, each removable on its own.
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import CloseIcon from '@mui/icons-material/Close';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweepOutlined';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { HistoryEntry, HistoryPage } from '../../../contract/entities';
import { messageOf } from '../../api/client';
import { useClearHistoryMutation, useGetWatchHistoryInfiniteQuery, useRemoveFromHistoryMutation } from '../../api/endpoints/videos';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { toast } from '../../components/toast';
import { useInfiniteList } from '../../components/useInfiniteList';
import { EmptyState, ErrorPanel, ListFooter } from '../../components/VideoGrid';
import { VideoRow } from '../../components/VideoRow';
import { average, formatCount, formatHoursMinutes, formatRelativeDate } from '../../lib/format';
import { useLoginOn401 } from '../../components/listFeedback';
import { TabHeader } from '../../components/TabHeader';

const HISTORY_ERROR = 'Failed to fetch watch history. Please try again later.';
const CLEAR_HISTORY_TEXT = 'Are you sure you want to clear your entire watch history? This action cannot be undone.';

function historyTotals(entries: Pick<HistoryEntry, 'views' | 'duration'>[]) {
  const totalViews = entries.reduce((sum, entry) => sum + entry.views, 0);
  const totalSeconds = entries.reduce((sum, entry) => sum + (entry.duration || 0), 0);
  return { totalViews, totalSeconds, averageViews: average(totalViews, entries.length) };
}

/** The share of the video watched, for the card's bar; undefined without a position. */
export function watchedShare(entry: Pick<HistoryEntry, 'duration'> & { position?: number }): number | undefined {
  if (!entry.position || !(entry.duration > 0)) return undefined;
  return Math.min(1, entry.position / entry.duration);
}

export function WatchHistoryTab({ level }: { level?: 'h1' | 'h2' }) {
  // Other screens and devices add to the history: always ask the server when the list opens.
  const query = useGetWatchHistoryInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  const list = useInfiniteList<HistoryEntry, HistoryPage>(query);
  useLoginOn401(query.error);
  const [confirming, setConfirming] = useState(false);
  const [clearHistory, clearing] = useClearHistoryMutation();
  const [removeEntry] = useRemoveFromHistoryMutation();
  const entries = list.items;
  const totals = historyTotals(entries);

  const clear = async () => {
    const result = await clearHistory();
    // A failed clear is only logged.
    if ('error' in result) console.error('Clearing watch history failed', result.error);
    setConfirming(false);
  };

  const remove = async (entry: HistoryEntry) => {
    const result = await removeEntry(entry.videoId ?? entry._id);
    if ('error' in result) toast.error(messageOf(result.error, 'Failed to remove the video from your history'));
  };

  let body;
  if (list.loading && !entries.length) {
    body = (
      <Typography role="status" color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
        Loading your watch history...
      </Typography>
    );
  } else if (list.isError && !entries.length) {
    body = <ErrorPanel message={HISTORY_ERROR} onRetry={list.retry} />;
  } else if (!entries.length) {
    body = <EmptyState title="No watch history yet" message="Start watching videos to build your history!" />;
  } else {
    body = (
      <>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
          {entries.map((entry) => (
            <Box component="li" key={entry._id} sx={{ minWidth: 0 }}>
              <VideoRow
                video={entry}
                progress={watchedShare(entry)}
                extra={
                  <Typography variant="caption" color="text.secondary" component="p">
                    Watched {formatRelativeDate(entry.watchedAt).replace(/^(Today|Yesterday)$/, (day) => day.toLowerCase())}
                  </Typography>
                }
                action={
                  <IconButton size="small" aria-label={`Remove ${entry.title} from history`} title="Remove from history" onClick={() => void remove(entry)}>
                    <CloseIcon fontSize="small" />
                  </IconButton>
                }
              />
            </Box>
          ))}
        </Box>
        <ListFooter loadingMore={list.loadingMore} hasMore={list.hasMore} error={list.isError ? HISTORY_ERROR : null} onRetry={list.retry} />
      </>
    );
  }

  return (
    <>
      <TabHeader
        title="My Watch History"
        level={level}
        count={`${entries.length}${list.hasMore ? '+' : ''} ${entries.length === 1 ? 'video' : 'videos'}`}
        action={
          <Button color="error" variant="outlined" startIcon={<DeleteSweepIcon />} disabled={!entries.length} onClick={() => setConfirming(true)}>
            Clear History
          </Button>
        }
        tiles={[
          { label: 'Total Views', value: formatCount(totals.totalViews), icon: <VisibilityIcon /> },
          { label: 'Total Duration', value: formatHoursMinutes(totals.totalSeconds), icon: <AccessTimeIcon /> },
          { label: 'Avg. Views', value: formatCount(totals.averageViews), icon: <TrendingUpIcon /> },
        ]}
      />
      {body}
      <ConfirmDialog
        open={confirming}
        title="Clear Watch History"
        message={CLEAR_HISTORY_TEXT}
        confirmLabel="Clear History"
        busy={clearing.isLoading}
        onConfirm={() => void clear()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
