// The owner's caption tracks in the edit dialog: add a WebVTT or SRT file with its
// language and label, delete a track. Each action takes effect at once (its own request, apart from
// the dialog's Save); failures are toasts with the server's message, as the spec's actions do.
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { CAPTION_LANGUAGE_PATTERN, CAPTION_LIMITS } from '../../../contract/limits';
import { messageOf } from '../../api/client';
import { useAddCaptionMutation, useDeleteCaptionMutation, useGetCaptionsQuery } from '../../api/endpoints/playback';
import { toast } from '../../components/toast';

const CAPTIONS_ADDED = 'Captions added successfully';
const CAPTIONS_DELETED = 'Captions deleted successfully';

/** What is wrong with the form before sending it, or null. */
function captionFormError(file: File | null, language: string, label: string): string | null {
  if (!file) return 'Please select a caption file (.vtt or .srt)';
  if (!/\.(vtt|srt)$/i.test(file.name)) return 'Caption file must be WebVTT (.vtt) or SRT (.srt)';
  if (file.size > CAPTION_LIMITS.fileBytes) return 'Caption file must be at most 1 MB';
  if (!CAPTION_LANGUAGE_PATTERN.test(language.trim())) return 'Language must be a language tag such as en or pt-BR';
  if (!label.trim()) return 'Label is required';
  return null;
}

export function CaptionsEditor({ videoId }: { videoId: string }) {
  const headingId = useId();
  const tracks = useGetCaptionsQuery(videoId).data ?? [];
  const [add, adding] = useAddCaptionMutation();
  const [remove, removing] = useDeleteCaptionMutation();
  const [file, setFile] = useState<File | null>(null);
  const [language, setLanguage] = useState('');
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);

  const submit = async () => {
    const problem = captionFormError(file, language, label);
    setError(problem);
    if (problem || !file) return;
    const form = new FormData();
    form.set('file', file);
    form.set('language', language.trim());
    form.set('label', label.trim());
    const result = await add({ videoId, form });
    if ('error' in result && result.error) return toast.error(messageOf(result.error, 'Failed to add captions'));
    toast.success(CAPTIONS_ADDED);
    setFile(null);
    setLanguage('');
    setLabel('');
    setInputKey((key) => key + 1);
  };

  const deleteTrack = async (captionId: string) => {
    const result = await remove({ videoId, captionId });
    if ('error' in result && result.error) return toast.error(messageOf(result.error, 'Failed to delete captions'));
    toast.success(CAPTIONS_DELETED);
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" sx={{ mb: 0.5 }}>
        Captions
      </Typography>
      {tracks.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No captions yet.
        </Typography>
      ) : (
        <List dense disablePadding aria-label="Caption tracks">
          {tracks.map((track) => (
            <ListItem
              key={track._id}
              disableGutters
              secondaryAction={
                <IconButton edge="end" aria-label={`Delete captions ${track.label}`} disabled={removing.isLoading} onClick={() => void deleteTrack(track._id)}>
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemText primary={track.label} secondary={track.language} />
            </ListItem>
          ))}
        </List>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1, alignItems: { sm: 'flex-start' } }}>
        <Button component="label" variant="outlined" size="small" sx={{ flexShrink: 0, mt: { sm: 0.75 } }}>
          {file ? file.name : 'Choose file'}
          <input
            key={inputKey}
            hidden
            type="file"
            accept=".vtt,.srt,text/vtt"
            aria-label="Caption file"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setError(null);
            }}
          />
        </Button>
        <TextField
          size="small"
          label="Language"
          placeholder="en"
          value={language}
          onChange={(event) => setLanguage(event.target.value)}
          slotProps={{ htmlInput: { maxLength: CAPTION_LIMITS.languageMax } }}
          sx={{ width: { sm: 110 } }}
        />
        <TextField
          size="small"
          label="Caption label"
          placeholder="English"
          value={label}
          onChange={(event) => setLabel(event.target.value)}
          slotProps={{ htmlInput: { maxLength: CAPTION_LIMITS.labelMax } }}
          sx={{ flex: 1 }}
        />
        <Button variant="contained" size="small" disabled={adding.isLoading} onClick={() => void submit()} sx={{ flexShrink: 0, mt: { sm: 0.75 } }}>
          {adding.isLoading ? 'Adding...' : 'Add captions'}
        </Button>
      </Stack>
      {error && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}
