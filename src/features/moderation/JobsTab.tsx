// Moderation > Jobs (admins): background jobs by state (failed, running, queued) with their error
// and attempts, and Retry for a failed one.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ADMIN_JOB_STATES } from '../../../contract/moderation';
import { useGetAdminJobsQuery, useRetryJobMutation } from '../../api/endpoints/moderation';
import { cardListSx, formatWhen, ModerationCard, runAction } from './ModerationCard';
import { ModerationList } from './ModerationList';

type AdminJobState = (typeof ADMIN_JOB_STATES)[number];

const STATE_LABELS: Record<AdminJobState, string> = { failed: 'Failed', running: 'Running', queued: 'Queued' };

export function JobsTab() {
  const [state, setState] = useState<AdminJobState>('failed');
  const query = useGetAdminJobsQuery(state);
  const jobs = query.data ?? [];
  const [retry, retrying] = useRetryJobMutation();
  // One page: the shape ModerationList takes for its states.
  const list = { items: jobs, loading: query.isLoading, isError: query.isError, retry: () => void query.refetch(), loadingMore: false, hasMore: false };

  return (
    <Box>
      <ToggleButtonGroup exclusive size="small" value={state} onChange={(_event, next: AdminJobState | null) => next && setState(next)} aria-label="Job state" sx={{ mb: 2 }}>
        {ADMIN_JOB_STATES.map((value) => (
          <ToggleButton key={value} value={value} sx={{ px: 2, textTransform: 'none' }}>
            {STATE_LABELS[value]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <ModerationList list={list} noun="jobs" emptyTitle={`No ${state} jobs`} emptyMessage="Transcoding and packaging jobs in this state show up here.">
        <Box sx={cardListSx}>
          {jobs.map((job) => (
            <ModerationCard
              key={job.id}
              label={`${job.type} job ${job.id}`}
              title={job.type}
              meta={`${STATE_LABELS[job.state as AdminJobState] ?? job.state} · ${job.attempts} ${job.attempts === 1 ? 'attempt' : 'attempts'} · updated ${formatWhen(job.updatedAt)}`}
              actions={
                job.state === 'failed' ? (
                  <Button
                    size="small"
                    variant="contained"
                    disabled={retrying.isLoading && retrying.originalArgs === job.id}
                    onClick={() => void runAction(retry(job.id), 'Job queued again', 'Failed to retry the job')}
                  >
                    Retry
                  </Button>
                ) : undefined
              }
            >
              {job.videoId && (
                <Typography variant="body2">
                  Video:{' '}
                  <Box component={Link} to={`/watch/${encodeURIComponent(job.videoId)}`} sx={{ color: 'primary.main' }}>
                    {job.videoId}
                  </Box>
                </Typography>
              )}
              {job.error && (
                <Box component="pre" sx={{ m: 0, p: 1, borderRadius: 1.5, bgcolor: 'action.hover', fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 160, overflow: 'auto' }}>
                  {job.error}
                </Box>
              )}
            </ModerationCard>
          ))}
        </Box>
      </ModerationList>
    </Box>
  );
}
