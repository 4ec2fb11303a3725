// A file picker with its hint, a preview of the chosen file and a remove button (upload screen).
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useId, useMemo } from 'react';

interface Props {
  label: string;
  /** 'MP4, WebM, or MOV up to 100MB' */
  hint: string;
  accept: string;
  icon: ReactNode;
  file: File | null;
  kind: 'video' | 'image';
  disabled?: boolean;
  error?: string | null;
  onChoose: (file: File) => void;
  onRemove: () => void;
}

export function MediaPicker({ label, hint, accept, icon, file, kind, disabled, error, onChoose, onRemove }: Props) {
  const inputId = useId();
  const hintId = useId();
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  if (file && preview) {
    return (
      <Box>
        <Box sx={{ position: 'relative', borderRadius: 2, overflow: 'hidden', bgcolor: '#000', aspectRatio: '16 / 9' }}>
          {kind === 'video' ? (
            <video src={preview} controls muted playsInline aria-label={`${label} preview`} style={{ width: '100%', height: '100%', display: 'block', objectFit: 'contain' }} />
          ) : (
            <Box component="img" src={preview} alt={`${label} preview`} sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }} />
          )}
          <IconButton
            aria-label={`Remove ${label.toLowerCase()}`}
            onClick={onRemove}
            disabled={disabled}
            size="small"
            sx={{ position: 'absolute', top: 8, right: 8, bgcolor: 'rgba(0,0,0,0.65)', color: '#fff', '&:hover': { bgcolor: 'rgba(0,0,0,0.85)' } }}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5, overflowWrap: 'anywhere' }}>
          {file.name}
        </Typography>
      </Box>
    );
  }

  return (
    <Box>
      <Box
        component="label"
        htmlFor={inputId}
        sx={{
          position: 'relative',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 0.5,
          py: 4,
          px: 2,
          textAlign: 'center',
          border: 2,
          borderStyle: 'dashed',
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 2,
          cursor: disabled ? 'default' : 'pointer',
          bgcolor: 'action.hover',
          '&:hover': { borderColor: disabled ? 'divider' : 'primary.main' },
          '&:focus-within': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
        }}
      >
        <Box sx={{ color: 'text.secondary', '& svg': { fontSize: 40 } }}>{icon}</Box>
        <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
        <Typography id={hintId} variant="body2" color="text.secondary">
          {hint}
        </Typography>
        <input
          id={inputId}
          type="file"
          accept={accept}
          aria-label={label}
          aria-describedby={hintId}
          disabled={disabled}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            event.target.value = '';
            if (chosen) onChoose(chosen);
          }}
          style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
        />
      </Box>
      {error && (
        <Typography variant="caption" color="error" role="alert" sx={{ display: 'block', mt: 0.5 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}
