// One dialog for every moderation action that asks why: take down (reason required), resolve and
// dismiss (optional note), suspend (reason required, optional end date). The text is trimmed; the
// server checks the same limits and its refusal shows as a toast.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { MODERATION_LIMITS } from '../../../contract/moderation';

export interface ReasonAnswer {
  text: string;
  /** ISO date-time of the end, when the dialog asked for one and it was given. */
  until?: string;
}

export interface ReasonRequest {
  title: string;
  message?: string;
  label: string;
  confirmLabel: string;
  /** A blank text keeps the confirm button disabled. */
  required: boolean;
  /** Offer an optional end date (suspensions). */
  askUntil?: boolean;
  /** Destructive actions confirm in red. */
  danger?: boolean;
}

/** The end of the chosen day in local time, as ISO; null when none, or not in the future. */
export function untilFromDate(date: string, now: Date = new Date()): string | null | undefined {
  if (!date) return undefined;
  const end = new Date(`${date}T23:59:59`);
  if (Number.isNaN(end.getTime()) || end <= now) return null;
  return end.toISOString();
}

/** Today as the date input's yyyy-mm-dd, in local time. */
function today(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function ReasonDialog({ request, busy, onConfirm, onClose }: { request: ReasonRequest; busy: boolean; onConfirm: (answer: ReasonAnswer) => void; onClose: () => void }) {
  const titleId = useId();
  const [text, setText] = useState('');
  const [date, setDate] = useState('');
  const until = request.askUntil ? untilFromDate(date) : undefined;
  const max = request.required ? MODERATION_LIMITS.reasonMax : MODERATION_LIMITS.noteMax;
  const blocked = busy || (request.required && !text.trim()) || until === null;

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{request.title}</DialogTitle>
      <DialogContent>
        {request.message && <DialogContentText sx={{ mb: 2 }}>{request.message}</DialogContentText>}
        <TextField
          label={request.label}
          required={request.required}
          multiline
          minRows={2}
          fullWidth
          autoFocus
          value={text}
          onChange={(event) => setText(event.target.value)}
          slotProps={{ htmlInput: { maxLength: max } }}
          helperText={`${text.length}/${max}`}
          sx={{ mt: 1 }}
        />
        {request.askUntil && (
          <TextField
            label="Until (optional)"
            type="date"
            fullWidth
            value={date}
            onChange={(event) => setDate(event.target.value)}
            error={until === null}
            helperText={until === null ? 'Pick today or a later day' : 'Leave empty to suspend until lifted'}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today() } }}
            sx={{ mt: 2 }}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color={request.danger ? 'error' : 'primary'}
          disabled={blocked}
          onClick={() => onConfirm({ text: text.trim(), ...(until ? { until } : {}) })}
        >
          {busy ? 'Working...' : request.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
