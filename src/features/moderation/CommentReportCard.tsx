// A reported comment's card in Moderation > Reports: the comment's text (as filed, once removed),
// its author, the video it is under (linked), its reports, and Remove comment and Dismiss while
// any is open, and Suspend author. A removal is undone from the log, as a takedown is.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { Link } from 'react-router-dom';
import { UserAvatar } from '../../components/UserAvatar';
import { ModerationCard } from './ModerationCard';
import { ReportDetails } from './ReportDetails';
import type { ReportAction, ReportGroup } from './reportGroups';

export function CommentReportCard({ group, onAsk }: { group: ReportGroup; onAsk: (action: ReportAction) => void }) {
  const { video } = group;
  const comment = group.comment!;
  const author = comment.owner.fullName || comment.owner.username || 'A deleted account';
  const open = group.reports.some((report) => report.state === 'open');
  return (
    <ModerationCard
      label={`Comment by ${author}`}
      media={<UserAvatar name={author} src={comment.owner.avatar} size={40} lazy />}
      title={
        <>
          Comment by {author}
          {comment.owner.username && (
            <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
              {' '}
              (@{comment.owner.username})
            </Box>
          )}
        </>
      }
      meta={
        <>
          on{' '}
          <Box component={Link} to={`/watch/${encodeURIComponent(video._id)}`} sx={{ color: 'inherit', fontWeight: 600 }}>
            {video.title}
          </Box>{' '}
          · <strong>{group.total === 1 ? '1 report' : `${group.total} reports`}</strong>
        </>
      }
      actions={
        <>
          {open && !comment.removed && (
            <Button size="small" variant="contained" color="error" onClick={() => onAsk('removeComment')}>
              Remove comment
            </Button>
          )}
          {open && (
            <Button size="small" variant="outlined" color="inherit" onClick={() => onAsk('dismiss')}>
              Dismiss
            </Button>
          )}
          {comment.owner._id && (
            <Button size="small" color="warning" onClick={() => onAsk('suspend')}>
              Suspend author
            </Button>
          )}
        </>
      }
    >
      <Box
        component="blockquote"
        data-testid="reported-comment"
        sx={{ m: 0, pl: 1.5, borderLeft: 3, borderColor: 'divider', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', color: comment.removed ? 'text.secondary' : 'text.primary' }}
      >
        {comment.content}
      </Box>
      {comment.removed && <Chip size="small" color="error" variant="outlined" label="Removed" sx={{ alignSelf: 'flex-start' }} />}
      <ReportDetails group={group} />
    </ModerationCard>
  );
}
