// Upload screen: title, description, video and optional thumbnail with previews,
// hints and remove; choosing a video fills the title, the description and a thumbnail captured at
// 1 s. 'Upload Video' / 'Uploading...' with the real byte progress, then the transcoding progress;
// 'Video uploaded successfully' and /watch/{id} once it plays. The video goes up resumably over tus
// (resumableUpload.ts) unless the user picked a thumbnail: tus carries no thumbnail and there is no
// endpoint to set one later, so that case keeps the multipart POST /videos/upload-Video, which
// sends both. The frame captured at 1 s needs no upload: the server takes the same frame itself.
import ImageIcon from '@mui/icons-material/Image';
import MovieIcon from '@mui/icons-material/Movie';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LIMITS } from '../../../contract/limits';
import { MediaPicker } from './MediaPicker';
import { UploadProgress } from './UploadProgress';
import { usePageTitle } from '../../lib/usePageTitle';
import { takeSharedVideo } from '../../../shared/sharedVideo';
import { useVideoUpload } from './useVideoUpload';

const VIDEO_HINT = 'MP4, WebM, or MOV up to 100MB';
const THUMBNAIL_HINT = 'PNG, JPG, or JPEG up to 5MB';

export default function UploadPage() {
  usePageTitle('Upload');
  const navigate = useNavigate();
  const upload = useVideoUpload();
  const { fields, setFields, busy, uploadedId } = upload;
  useSharedVideo(upload.chooseVideo);

  return (
    <Box sx={{ maxWidth: 760, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        Upload Video
      </Typography>
      <Paper component="form" onSubmit={upload.submit} noValidate variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2.5, borderRadius: 3 }}>
        <MediaPicker
          label="Video file"
          hint={VIDEO_HINT}
          accept="video/*"
          icon={<MovieIcon />}
          kind="video"
          file={upload.videoFile}
          disabled={busy}
          error={upload.videoError ?? (upload.touched && !upload.videoFile ? 'Video file is required' : null)}
          onChoose={upload.chooseVideo}
          onRemove={upload.removeVideo}
        />
        <TextField
          label="Title"
          required
          value={fields.title}
          onChange={(event) => setFields({ ...fields, title: event.target.value })}
          error={Boolean(upload.titleError)}
          helperText={upload.titleError}
          disabled={busy}
          slotProps={{ htmlInput: { maxLength: LIMITS.videoTitle } }}
        />
        <TextField
          label="Description"
          required
          multiline
          minRows={3}
          value={fields.description}
          onChange={(event) => setFields({ ...fields, description: event.target.value })}
          error={Boolean(upload.descriptionError)}
          helperText={upload.descriptionError}
          disabled={busy}
          slotProps={{ htmlInput: { maxLength: LIMITS.videoDescription } }}
        />
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            Thumbnail (optional)
          </Typography>
          <Box sx={{ maxWidth: { sm: 360 } }}>
            <MediaPicker
              label="Thumbnail"
              hint={THUMBNAIL_HINT}
              accept="image/*"
              icon={<ImageIcon />}
              kind="image"
              file={upload.thumbnail}
              disabled={busy}
              error={upload.thumbnailError}
              onChoose={upload.chooseThumbnail}
              onRemove={upload.removeThumbnail}
            />
          </Box>
        </Box>
        {upload.unfinished && !busy && (
          <Typography variant="body2" color="text.secondary">
            Part of this file is already uploaded: uploading continues where it stopped.
          </Typography>
        )}
        {(upload.sending || uploadedId) && (
          <UploadProgress
            phase={upload.sending ? 'uploading' : 'processing'}
            resuming={upload.resuming}
            uploadFraction={upload.fraction}
            transcodePercent={upload.transcodePercent}
            onWatchNow={uploadedId ? () => navigate(`/watch/${encodeURIComponent(uploadedId)}`, { replace: true }) : undefined}
          />
        )}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
          <Button onClick={() => navigate(-1)} disabled={upload.sending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!upload.videoFile || busy}>
            {upload.sending ? 'Uploading...' : 'Upload Video'}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}

/**
 * A video shared to the installed app (/share-target, stored by the service worker) arrives as
 * /upload?shared=1: it is chosen as if picked, so its title comes from the file name.
 */
function useSharedVideo(choose: (file: File) => void): void {
  const [params, setParams] = useSearchParams();
  const shared = params.has('shared');
  useEffect(() => {
    if (!shared) return;
    let current = true;
    void takeSharedVideo()
      .then((file) => {
        if (file && current) choose(file);
      })
      .catch(() => undefined)
      .finally(() => current && setParams({}, { replace: true }));
    return () => {
      current = false;
    };
    // choose changes each render; the file is taken once per arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shared]);
}
