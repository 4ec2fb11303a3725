// Moderation > Jobs (admins): background jobs by state (failed, running, queued, done) and type,
// paged, with their attempts and every failed attempt's error, and Retry for a failed one.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ADMIN_JOB_STATES, type AdminJob } from '../../../contract/moderation';
import { useGetAdminJobsInfiniteQuery, useRetryJobMutation } from '../../api/endpoints/moderation';
import { useInfiniteList } from '../../components/useInfiniteList';
import { cardListSx, formatWhen, ModerationCard, runAction } from './ModerationCard';
import { ModerationList } from './ModerationList';

type AdminJobState = (typeof ADMIN_JOB_STATES)[number];

const STATE_LABELS: Record<AdminJobState, string> = { failed: 'Failed', running: 'Running', queued: 'Queued', done: 'Done' };

/** The filter's value for every type. */
const ALL_TYPES = '';

const errorSx = { m: 0, p: 1, borderRadius: 1.5, bgcolor: 'action.hover', fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 160, overflow: 'auto' } as const;

/** Each failed attempt's error, oldest first (the latest alone when the server kept no others). */
function AttemptErrors({ job }: { job: AdminJob }) {
  const errors = job.errors.length ? job.errors : job.error ? [{ attempt: job.attempts, error: job.error, at: job.updatedAt }] : [];
  if (!errors.length) return null;
  return (
    <Box component="ol" aria-label={`Errors of ${job.type} job`} sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
      {errors.map((attempt) => (
        <li key={`${attempt.attempt}-${attempt.at}`}>
          <Typography variant="caption" color="text.secondary">
            Attempt {attempt.attempt} · {formatWhen(attempt.at)}
          </Typography>
          <Box component="pre" sx={errorSx}>
            {attempt.error}
          </Box>
        </li>
      ))}
    </Box>
  );
}

export function JobsTab() {
  const [state, setState] = useState<AdminJobState>('failed');
  const [type, setType] = useState(ALL_TYPES);
  const query = useGetAdminJobsInfiniteQuery({ state, type });
  const list = useInfiniteList(query, (page) => page.jobs.map((job) => ({ ...job, _id: job.id })));
  const types = query.data?.pages[0]?.types ?? [];
  const [retry, retrying] = useRetryJobMutation();

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
        <ToggleButtonGroup exclusive size="small" value={state} onChange={(_event, next: AdminJobState | null) => next && setState(next)} aria-label="Job state">
          {ADMIN_JOB_STATES.map((value) => (
            <ToggleButton key={value} value={value} sx={{ px: 1.5, textTransform: 'none' }}>
              {STATE_LABELS[value]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField select size="small" label="Type" value={type} onChange={(event) => setType(event.target.value)} sx={{ minWidth: 170 }}>
          <MenuItem value={ALL_TYPES}>All types</MenuItem>
          {[...new Set([...types, ...(type ? [type] : [])])].map((value) => (
            <MenuItem key={value} value={value}>
              {value}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <ModerationList list={list} noun="jobs" emptyTitle={`No ${state} jobs`} emptyMessage="Transcoding and packaging jobs in this state show up here.">
        <Box sx={cardListSx}>
          {list.items.map((job) => (
            <ModerationCard
              key={job.id}
              label={`${job.type} job ${job.id}`}
              title={job.type}
              meta={`${STATE_LABELS[job.state]} · ${job.attempts} ${job.attempts === 1 ? 'attempt' : 'attempts'} · updated ${formatWhen(job.updatedAt)}`}
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
              <AttemptErrors job={job} />
            </ModerationCard>
          ))}
        </Box>
      </ModerationList>
    </Box>
  );
}
