// The profile's full name; its owner edits it inline: disabled, editing,
// saving with a spinner, and the page data refreshed on success (tags, no reload).
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { messageOf } from '../../api/client';
import { useUpdateAccountDetailsMutation } from '../../api/endpoints/users';
import { useAppStore } from '../../lib/hooks';
import { toast } from '../../components/toast';
import { applyUpdatedUser } from '../auth/session';

const FULL_NAME_EMPTY = 'Full name cannot be empty';
const FULL_NAME_FAILED = 'Failed to edit full name';

export function FullNameEditor({ fullName, editable }: { fullName: string; editable: boolean }) {
  const store = useAppStore();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(fullName);
  const [error, setError] = useState<string | null>(null);
  const [update, { isLoading }] = useUpdateAccountDetailsMutation();

  const cancel = () => {
    setEditing(false);
    setDraft(fullName);
    setError(null);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const name = draft.trim();
    if (!name) {
      setError(FULL_NAME_EMPTY);
      toast.error(FULL_NAME_EMPTY);
      return;
    }
    // The profile page sends multipart fullName only.
    const form = new FormData();
    form.set('fullName', name);
    const result = await update(form);
    if ('error' in result) {
      toast.error(messageOf(result.error, FULL_NAME_FAILED));
      return;
    }
    applyUpdatedUser(store, result.data);
    toast.success('Full name updated successfully');
    setEditing(false);
    setError(null);
  };

  if (editing) {
    return (
      <Box component="form" onSubmit={save} sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, maxWidth: 480 }}>
        <TextField
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            if (error) setError(null);
          }}
          size="small"
          autoFocus
          fullWidth
          disabled={isLoading}
          error={Boolean(error)}
          helperText={error}
          slotProps={{ htmlInput: { 'aria-label': 'Full name', maxLength: 100 } }}
          onKeyDown={(event) => event.key === 'Escape' && cancel()}
        />
        <IconButton type="submit" aria-label="Save full name" color="primary" disabled={isLoading}>
          {isLoading ? <CircularProgress size={20} aria-label="Saving" /> : <CheckIcon />}
        </IconButton>
        <IconButton aria-label="Cancel editing full name" onClick={cancel} disabled={isLoading}>
          <CloseIcon />
        </IconButton>
      </Box>
    );
  }

  return (
    // A long name stops after two lines with an ellipsis (the whole name is its title and the
    // page title), and the pencil stays beside its first line instead of floating apart.
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.25, minWidth: 0 }}>
      <Typography
        variant="h4"
        component="h1"
        title={fullName}
        sx={{
          fontWeight: 800,
          fontSize: { xs: 24, sm: 32 },
          lineHeight: 1.25,
          minWidth: 0,
          overflowWrap: 'anywhere',
          display: '-webkit-box',
          WebkitBoxOrient: 'vertical',
          WebkitLineClamp: 2,
          overflow: 'hidden',
        }}
      >
        {fullName}
      </Typography>
      {editable && (
        <IconButton
          aria-label="Edit full name"
          size="small"
          sx={{ flexShrink: 0, mt: { xs: '1px', sm: '4px' } }}
          title="Edit full name"
          onClick={() => {
            setDraft(fullName);
            setEditing(true);
          }}
        >
          <EditIcon />
        </IconButton>
      )}
    </Box>
  );
}
