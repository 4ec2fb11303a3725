// Edit after upload: the owner changes title, description and thumbnail, the thumbnail
// from an image file or from a frame of the video (the server cuts the frame at `thumbnailAt`).
// Other open pages follow through the live 'video-updated' event. Captions are added and
// deleted in their own section, each at once.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { VideoCard } from '../../../contract/entities';
import { LIMITS } from '../../../contract/limits';
import { messageOf } from '../../api/client';
import { useUpdateVideoMutation } from '../../api/endpoints/videos';
import { toast } from '../../components/toast';
import { formatDuration } from '../../lib/format';
import { imageFileError } from '../../lib/validation';
import { CaptionsEditor } from './CaptionsEditor';

type ThumbnailSource = 'keep' | 'file' | 'frame';

const VIDEO_UPDATED = 'Video updated successfully';

export default function EditVideoDialog({ video, onClose }: { video: VideoCard; onClose: () => void }) {
  const titleId = useId();
  const [title, setTitle] = useState(video.title);
  const [description, setDescription] = useState(video.description);
  const [source, setSource] = useState<ThumbnailSource>('keep');
  const [file, setFile] = useState<File | null>(null);
  const [frameAt, setFrameAt] = useState(Math.min(1, video.duration / 2));
  const [error, setError] = useState<string | null>(null);
  const [update, { isLoading }] = useUpdateVideoMutation();
  const filePreview = useObjectUrl(file);
  const frameVideo = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (source === 'frame' && frameVideo.current) frameVideo.current.currentTime = frameAt;
  }, [source, frameAt]);

  const titleError = title.trim() ? null : 'Title is required';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (titleError) return setError(titleError);
    if (source === 'file' && !file) return setError('Please select a thumbnail image');
    const fields = { title: title.trim(), description: description.trim() };
    let body: FormData | { title: string; description: string; thumbnailAt?: number } = source === 'frame' ? { ...fields, thumbnailAt: Math.round(frameAt * 10) / 10 } : fields;
    if (source === 'file' && file) {
      const form = new FormData();
      form.set('title', fields.title);
      form.set('description', fields.description);
      form.set('thumbnail', file);
      body = form;
    }
    const result = await update({ videoId: video._id, body });
    if ('error' in result && result.error) {
      setError(messageOf(result.error, 'Failed to update video. Please try again later.'));
      return;
    }
    toast.success(VIDEO_UPDATED);
    onClose();
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>Edit video</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField
              label="Title"
              required
              value={title}
              onChange={(event) => {
                setTitle(event.target.value);
                setError(null);
              }}
              error={Boolean(error && titleError)}
              helperText={`${title.length}/${LIMITS.videoTitle}`}
              slotProps={{ htmlInput: { maxLength: LIMITS.videoTitle } }}
            />
            <TextField
              label="Description"
              multiline
              minRows={3}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              slotProps={{ htmlInput: { maxLength: LIMITS.videoDescription } }}
            />
            <Box>
              <Typography id={`${titleId}-thumb`} variant="subtitle2" sx={{ mb: 1 }}>
                Thumbnail
              </Typography>
              <ToggleButtonGroup
                exclusive
                size="small"
                value={source}
                onChange={(_event, next: ThumbnailSource | null) => next && setSource(next)}
                aria-labelledby={`${titleId}-thumb`}
                sx={{ mb: 1.5, flexWrap: 'wrap' }}
              >
                <ToggleButton value="keep">Keep current</ToggleButton>
                <ToggleButton value="file">Upload image</ToggleButton>
                <ToggleButton value="frame">Frame from video</ToggleButton>
              </ToggleButtonGroup>
              {source === 'keep' && video.thumbnail && <Preview src={video.thumbnail} alt="Current thumbnail" />}
              {source === 'file' && (
                <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <Button component="label" variant="outlined" size="small">
                    Choose image
                    <input
                      hidden
                      type="file"
                      accept="image/png,image/jpeg,image/webp,image/gif"
                      aria-label="Thumbnail image"
                      onChange={(event) => {
                        const picked = event.target.files?.[0] ?? null;
                        const problem = picked && imageFileError(picked);
                        setError(problem || null);
                        setFile(problem ? null : picked);
                      }}
                    />
                  </Button>
                  {filePreview && <Preview src={filePreview} alt="New thumbnail preview" />}
                </Stack>
              )}
              {source === 'frame' && (
                <Box>
                  <Box
                    component="video"
                    ref={frameVideo}
                    src={video.filePath}
                    muted
                    playsInline
                    preload="auto"
                    aria-label="Frame preview"
                    sx={{ width: '100%', maxWidth: 360, aspectRatio: '16 / 9', bgcolor: 'black', borderRadius: 1, display: 'block' }}
                  />
                  <Slider
                    min={0}
                    max={Math.max(0, video.duration)}
                    step={0.1}
                    value={frameAt}
                    onChange={(_event, value) => setFrameAt(value as number)}
                    valueLabelDisplay="auto"
                    valueLabelFormat={(value) => formatDuration(value)}
                    getAriaValueText={(value) => formatDuration(value)}
                    slotProps={{ input: { 'aria-label': 'Frame time' } }}
                    sx={{ maxWidth: 360 }}
                  />
                  <Typography variant="body2" color="text.secondary">
                    Frame at {formatDuration(frameAt)}
                  </Typography>
                </Box>
              )}
            </Box>
            <CaptionsEditor videoId={video._id} />
            {error && (
              <Typography role="alert" color="error">
                {error}
              </Typography>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Saving...' : 'Save'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function Preview({ src, alt }: { src: string; alt: string }) {
  return <Box component="img" src={src} alt={alt} sx={{ width: '100%', maxWidth: 360, aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 1, display: 'block' }} />;
}

function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
