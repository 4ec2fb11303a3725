// The comment form: send mode ('Add a comment...', 'Comment') and edit mode
// ('Edit your comment...', 'Update', Cancel); 'Submitting...' while busy; 'Improve' (AI helper)
// shows 'Improving...' and disables the form. Replies use the same form in reply mode.
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { FormEvent } from 'react';
import { LIMITS } from '../../../contract/limits';

type CommentFormMode = 'send' | 'edit' | 'reply';

const PLACEHOLDER: Record<CommentFormMode, string> = { send: 'Add a comment...', edit: 'Edit your comment...', reply: 'Add a reply...' };
const SUBMIT: Record<CommentFormMode, string> = { send: 'Comment', edit: 'Update', reply: 'Reply' };

interface Props {
  mode: CommentFormMode;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onCancel?: () => void;
  onImprove?: () => void;
  submitting: boolean;
  improving?: boolean;
  autoFocus?: boolean;
  inputRef?: React.Ref<HTMLTextAreaElement>;
}

export function CommentForm({ mode, value, onChange, onSubmit, onCancel, onImprove, submitting, improving = false, autoFocus, inputRef }: Props) {
  const disabled = submitting || improving;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim() || disabled) return; // blank comments are never sent
    onSubmit();
  };
  return (
    <Box component="form" onSubmit={submit} aria-label={mode === 'edit' ? 'Edit comment' : mode === 'reply' ? 'Reply' : 'Add comment'} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <TextField
        multiline
        minRows={mode === 'reply' ? 1 : 2}
        maxRows={8}
        fullWidth
        size="small"
        placeholder={PLACEHOLDER[mode]}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={improving}
        autoFocus={autoFocus}
        inputRef={inputRef}
        slotProps={{ htmlInput: { 'aria-label': PLACEHOLDER[mode], maxLength: LIMITS.commentMax } }}
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {onImprove && (
          <Button size="small" startIcon={<AutoFixHighIcon />} onClick={onImprove} disabled={disabled} sx={{ mr: 'auto' }}>
            {improving ? 'Improving...' : 'Improve'}
          </Button>
        )}
        {onCancel && (
          <Button size="small" onClick={onCancel} disabled={disabled}>
            Cancel
          </Button>
        )}
        <Button type="submit" size="small" variant="contained" disabled={disabled || !value.trim()}>
          {submitting ? 'Submitting...' : SUBMIT[mode]}
        </Button>
      </Box>
    </Box>
  );
}
