// A report card's body, the same for a video's and a comment's: the distinct reasons, then each
// reporter with their reason, details, when, and the moderator's note once closed.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReportState } from '../../../contract/moderation';
import { UserAvatar } from '../../components/UserAvatar';
import { reportReasonLabel } from '../../lib/reportReasons';
import { formatWhen } from './ModerationCard';
import type { ReportGroup } from './reportGroups';

export const STATE_LABELS: Record<ReportState, string> = { open: 'Open', resolved: 'Resolved', dismissed: 'Dismissed' };

export function ReportDetails({ group }: { group: ReportGroup }) {
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }} aria-label="Reasons">
        {group.reasons.map(({ reason, count }) => (
          <Chip key={reason} size="small" label={count > 1 ? `${reportReasonLabel(reason)} ×${count}` : reportReasonLabel(reason)} />
        ))}
      </Box>
      <Box component="ul" aria-label="Reporters" sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 1 }}>
        {group.reports.map((report) => (
          <Box component="li" key={report._id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <UserAvatar name={report.reporter.fullName} src={report.reporter.avatar} size={24} lazy />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                <strong>{report.reporter.fullName || report.reporter.username}</strong> · {reportReasonLabel(report.reason)}
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {' '}
                  · {formatWhen(report.createdAt)}
                </Box>
              </Typography>
              {report.details && (
                <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {report.details}
                </Typography>
              )}
              {report.state !== 'open' && report.note && (
                <Typography variant="caption" color="text.secondary">
                  {STATE_LABELS[report.state]}: {report.note}
                </Typography>
              )}
            </Box>
          </Box>
        ))}
      </Box>
    </>
  );
}
