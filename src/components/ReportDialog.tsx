// Report a video or a comment: the reason (and optional details) filed as POST /reports/video/{id}
// or /reports/comment/{id}. One dialog for both, so the reasons and wording stay the same.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { LIMITS, REPORT_REASONS, type ReportReason } from '../../contract/limits';
import { messageOf } from '../api/client';
import { useReportCommentMutation } from '../api/endpoints/commentReports';
import { useReportVideoMutation } from '../api/endpoints/reports';
import { REPORT_LABELS } from '../lib/reportReasons';
import { toast, TOAST_DURATION } from './toast';

export type ReportTarget = { kind: 'video'; videoId: string } | { kind: 'comment'; commentId: string };

export default function ReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const titleId = useId();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [reportVideo, videoState] = useReportVideoMutation();
  const [reportComment, commentState] = useReportCommentMutation();
  const isLoading = videoState.isLoading || commentState.isLoading;
  const noun = target.kind;

  const submit = async () => {
    if (!reason) return;
    const fields = { reason, details: details.trim() || undefined };
    const result = target.kind === 'video' ? await reportVideo({ videoId: target.videoId, ...fields }) : await reportComment({ commentId: target.commentId, ...fields });
    if ('error' in result && result.error) {
      toast.error(messageOf(result.error, `Failed to report ${noun}. Please try again later.`), TOAST_DURATION.watchError);
      return;
    }
    toast.success(`Thanks for reporting. We will review this ${noun}.`);
    onClose();
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Report {noun}</DialogTitle>
      <DialogContent dividers>
        <RadioGroup aria-labelledby={titleId} value={reason} onChange={(event) => setReason(event.target.value as ReportReason)}>
          {REPORT_REASONS.map((value) => (
            <FormControlLabel key={value} value={value} control={<Radio size="small" />} label={REPORT_LABELS[value]} />
          ))}
        </RadioGroup>
        <TextField
          label="Details (optional)"
          multiline
          minRows={2}
          fullWidth
          size="small"
          value={details}
          onChange={(event) => setDetails(event.target.value)}
          slotProps={{ htmlInput: { maxLength: LIMITS.reportDetails } }}
          sx={{ mt: 1.5 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button variant="contained" color="error" disabled={!reason || isLoading} onClick={() => void submit()}>
          {isLoading ? 'Reporting...' : 'Report'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
