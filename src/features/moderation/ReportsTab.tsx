// Moderation > Reports: one card per reported video (its report count, reasons and reporters) with
// Take down (asks a reason) or Restore, Resolve and Dismiss (optional note) for its open reports,
// and Suspend owner; one card per reported comment (CommentReportCard) with Remove comment and
// Dismiss, and Suspend author. The state filter shows open, resolved or dismissed reports.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { REPORT_STATES, type ReportState } from '../../../contract/moderation';
import {
  useGetModerationReportsInfiniteQuery,
  useRemoveReportedCommentMutation,
  useResolveReportMutation,
  useRestoreVideoMutation,
  useSuspendUserMutation,
  useTakeDownVideoMutation,
} from '../../api/endpoints/moderation';
import { toast } from '../../components/toast';
import { useInfiniteList } from '../../components/useInfiniteList';
import { CommentReportCard } from './CommentReportCard';
import { cardListSx, formatWhen, ModerationCard, runAction } from './ModerationCard';
import { ModerationList } from './ModerationList';
import { ReasonDialog, type ReasonAnswer, type ReasonRequest } from './ReasonDialog';
import { ReportDetails, STATE_LABELS } from './ReportDetails';
import { groupReportsByVideo, type ReportAction, type ReportGroup } from './reportGroups';
import { VideoPicture } from './VideoPicture';

type Action = ReportAction;

/** Whom Suspend concerns: the comment's author on a comment's card, else the video's owner. */
const accused = (group: ReportGroup) => group.comment?.owner ?? group.video.owner;

const REQUESTS: Record<Action, (group: ReportGroup) => ReasonRequest> = {
  takedown: (group) => ({
    title: 'Take down video',
    message: `"${group.video.title}" will be gone for everyone but its owner and moderators. Its owner is told the reason.`,
    label: 'Reason',
    confirmLabel: 'Take down',
    required: true,
    danger: true,
  }),
  resolve: (group) => ({
    title: group.reports.length === 1 ? 'Resolve report' : `Resolve ${group.reports.length} reports`,
    message: 'The reporters are told their report was acted on.',
    label: 'Note (optional)',
    confirmLabel: 'Resolve',
    required: false,
  }),
  dismiss: (group) => ({
    title: group.reports.length === 1 ? 'Dismiss report' : `Dismiss ${group.reports.length} reports`,
    label: 'Note (optional)',
    confirmLabel: 'Dismiss',
    required: false,
  }),
  removeComment: () => ({
    title: 'Remove comment',
    message: 'The comment and its replies are removed, and its reporters are told. The moderation log can undo it.',
    label: 'Note (optional)',
    confirmLabel: 'Remove',
    required: false,
    danger: true,
  }),
  suspend: (group) => ({
    title: `Suspend ${accused(group).fullName || accused(group).username}`,
    message: 'They are signed out everywhere, cannot sign in, and their videos and comments are hidden while it lasts.',
    label: 'Reason',
    confirmLabel: 'Suspend',
    required: true,
    askUntil: true,
    danger: true,
  }),
};

export function ReportsTab() {
  const [state, setState] = useState<ReportState>('open');
  const query = useGetModerationReportsInfiniteQuery(state);
  const list = useInfiniteList(query, (page) => page.reports);
  const groups = groupReportsByVideo(list.items);
  const [asking, setAsking] = useState<{ action: Action; group: ReportGroup } | null>(null);
  const [busy, setBusy] = useState(false);
  const [takeDown] = useTakeDownVideoMutation();
  const [restore] = useRestoreVideoMutation();
  const [resolve] = useResolveReportMutation();
  const [suspend] = useSuspendUserMutation();
  const [removeComment] = useRemoveReportedCommentMutation();

  const perform = async ({ action, group }: { action: Action; group: ReportGroup }, answer: ReasonAnswer) => {
    const { video } = group;
    if (action === 'takedown') return runAction(takeDown({ videoId: video._id, reason: answer.text }), 'Video taken down', 'Failed to take the video down');
    if (action === 'suspend') {
      const user = accused(group);
      return runAction(suspend({ userId: user._id, reason: answer.text, until: answer.until }), `${user.username} suspended`, 'Failed to suspend the user');
    }
    if (action === 'removeComment') {
      // The server resolves every open report of the comment with it.
      const reportId = group.reports.find((report) => report.state === 'open')?._id ?? group.reports[0]!._id;
      return runAction(removeComment({ reportId, note: answer.text || undefined }), 'Comment removed', 'Failed to remove the comment');
    }
    return closeReports(group, action === 'resolve' ? 'resolved' : 'dismissed', answer.text);
  };

  /** Resolve and dismiss close every open report of the video listed on the card, one call each. */
  const closeReports = async (group: ReportGroup, outcome: 'resolved' | 'dismissed', note: string) => {
    const ids = group.reports.filter((report) => report.state === 'open').map((report) => report._id);
    for (const reportId of ids) {
      const result = await resolve({ reportId, state: outcome, note: note || undefined });
      if (result.error) return runAction(Promise.resolve(result), '', 'Failed to update the report');
    }
    toast.success(`${ids.length === 1 ? 'Report' : `${ids.length} reports`} ${outcome}`);
    return true;
  };

  const confirm = async (answer: ReasonAnswer) => {
    if (!asking) return;
    setBusy(true);
    const done = await perform(asking, answer);
    setBusy(false);
    if (done) setAsking(null);
  };

  const restoreVideo = (group: ReportGroup) => void runAction(restore(group.video._id), 'Video restored', 'Failed to restore the video');

  return (
    <Box>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={state}
        onChange={(_event, next: ReportState | null) => next && setState(next)}
        aria-label="Report state"
        sx={{ mb: 2 }}
      >
        {REPORT_STATES.map((value) => (
          <ToggleButton key={value} value={value} sx={{ px: 2, textTransform: 'none' }}>
            {STATE_LABELS[value]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <ModerationList
        list={list}
        noun="reports"
        emptyTitle={state === 'open' ? 'No open reports' : `No ${state} reports`}
        emptyMessage={state === 'open' ? 'Reported videos show up here.' : 'Reports moderators closed show up here.'}
      >
        <Box sx={cardListSx}>
          {groups.map((group) =>
            group.comment ? (
              <CommentReportCard key={`comment:${group.comment._id}`} group={group} onAsk={(action) => setAsking({ action, group })} />
            ) : (
              <ReportCard key={group.video._id} group={group} onAsk={(action) => setAsking({ action, group })} onRestore={() => restoreVideo(group)} />
            ),
          )}
        </Box>
      </ModerationList>
      {asking && <ReasonDialog request={REQUESTS[asking.action](asking.group)} busy={busy} onConfirm={(answer) => void confirm(answer)} onClose={() => setAsking(null)} />}
    </Box>
  );
}

function ReportCard({ group, onAsk, onRestore }: { group: ReportGroup; onAsk: (action: Action) => void; onRestore: () => void }) {
  const { video } = group;
  const open = group.reports.some((report) => report.state === 'open');
  const owner = video.owner.fullName || video.owner.username;
  return (
    <ModerationCard
      label={video.title}
      media={<VideoPicture video={video} />}
      title={
        <Box component={Link} to={`/watch/${encodeURIComponent(video._id)}`} sx={{ color: 'inherit', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}>
          {video.title}
        </Box>
      }
      meta={
        <>
          by {owner} (@{video.owner.username}) · <strong>{group.total === 1 ? '1 report' : `${group.total} reports`}</strong>
        </>
      }
      actions={
        <>
          {video.takenDown ? (
            <Button size="small" variant="outlined" onClick={onRestore}>
              Restore
            </Button>
          ) : (
            <Button size="small" variant="contained" color="error" onClick={() => onAsk('takedown')}>
              Take down
            </Button>
          )}
          {open && (
            <>
              <Button size="small" variant="outlined" onClick={() => onAsk('resolve')}>
                Resolve
              </Button>
              <Button size="small" variant="outlined" color="inherit" onClick={() => onAsk('dismiss')}>
                Dismiss
              </Button>
            </>
          )}
          <Button size="small" color="warning" onClick={() => onAsk('suspend')}>
            Suspend owner
          </Button>
        </>
      }
    >
      {video.takenDown && (
        <Typography variant="body2" sx={{ color: 'error.main', fontWeight: 600 }} data-testid="report-taken-down">
          Taken down {formatWhen(video.takenDown.at)}: {video.takenDown.reason}
        </Typography>
      )}
      <ReportDetails group={group} />
    </ModerationCard>
  );
}
