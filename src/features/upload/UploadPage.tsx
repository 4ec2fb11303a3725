// Upload screen (spec section 2): title, description, video and optional thumbnail with previews,
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
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { LIMITS } from '../../../contract/limits';
import { messageOf } from '../../api/client';
import { useGetVideoQuery, useUploadVideoMutation, videoListsOf, videosApi } from '../../api/endpoints/videos';
import { toast } from '../../components/toast';
import { getStoredUser } from '../../lib/storage';
import { imageFileError } from '../../lib/validation';
import { baseName, captureThumbnail } from './captureThumbnail';
import { MediaPicker } from './MediaPicker';
import { findUnfinishedUpload, type ResumableUpload, startResumableUpload, UPLOAD_FAILED } from './resumableUpload';
import { UploadProgress } from './UploadProgress';

export const VIDEO_HINT = 'MP4, WebM, or MOV up to 100MB';
export const THUMBNAIL_HINT = 'PNG, JPG, or JPEG up to 5MB';
const PROCESSING_POLL_MS = 2000;

export function videoFileError(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('video/')) return 'Please upload a video file';
  if (file.size > LIMITS.videoBytes) return 'Video size should be less than 100MB';
  return null;
}

interface Fields {
  title: string;
  description: string;
}

export default function UploadPage() {
  const navigate = useNavigate();
  const [fields, setFields] = useState<Fields>({ title: '', description: '' });
  const [touched, setTouched] = useState(false);
  const [videoFile, setVideoFile] = useState<File | null>(null);
  // The capture finishes later: it only applies to the video still chosen.
  const chosenVideo = useRef<File | null>(null);
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  // Picked by the user (sent with the multipart upload), not the frame captured in the page.
  const [thumbnailPicked, setThumbnailPicked] = useState(false);
  const [unfinished, setUnfinished] = useState(false);
  const [resuming, setResuming] = useState(false);
  const [sending, setSending] = useState(false);
  const resumable = useRef<ResumableUpload | null>(null);
  const dispatch = useAppDispatch();
  const [videoError, setVideoError] = useState<string | null>(null);
  const [thumbnailError, setThumbnailError] = useState<string | null>(null);
  const [fraction, setFraction] = useState(0);
  const [uploadedId, setUploadedId] = useState<string | null>(null);
  const [upload, { isLoading: uploading }] = useUploadVideoMutation();
  // The new video's status and progress: polled, and patched live by 'transcode-progress'.
  const uploaded = useGetVideoQuery(uploadedId ?? '', { skip: !uploadedId, pollingInterval: PROCESSING_POLL_MS });
  const busy = uploading || sending || uploadedId !== null;

  // Leaving the page stops sending; the upload can resume when the same file is chosen again.
  useEffect(() => () => resumable.current?.abort(), []);

  useEffect(() => {
    if (uploadedId && uploaded.data && uploaded.data.status !== 'processing') navigate(`/watch/${encodeURIComponent(uploadedId)}`);
  }, [uploadedId, uploaded.data, navigate]);

  const chooseVideo = (file: File) => {
    const problem = videoFileError(file);
    setVideoError(problem);
    if (problem) return void toast.error(problem);
    setVideoFile(file);
    chosenVideo.current = file;
    setFields({ title: baseName(file.name).slice(0, LIMITS.videoTitle), description: `Uploaded video: ${file.name}` });
    setThumbnail(null);
    setThumbnailPicked(false);
    setUnfinished(false);
    // The same file partly sent before (e.g. before a reload): its title and description come back,
    // so that uploading goes on from where it stopped.
    void findUnfinishedUpload(file).then((previous) => {
      if (!previous || chosenVideo.current !== file) return;
      setUnfinished(true);
      setFields((current) => ({ title: previous.metadata.title ?? current.title, description: previous.metadata.description ?? current.description }));
    });
    void captureThumbnail(file).then((frame) => {
      // Not over another video chosen meanwhile, nor over a thumbnail the user picked.
      if (frame && chosenVideo.current === file) setThumbnail((picked) => picked ?? frame);
    });
  };

  const removeVideo = () => {
    setVideoFile(null);
    chosenVideo.current = null;
    setThumbnail(null);
    setThumbnailPicked(false);
    setUnfinished(false);
    setFields({ title: '', description: '' });
    setTouched(false);
    setVideoError(null);
    setThumbnailError(null);
  };

  const chooseThumbnail = (file: File) => {
    const problem = imageFileError(file);
    setThumbnailError(problem);
    if (problem) return void toast.error(problem);
    setThumbnail(file);
    setThumbnailPicked(true);
  };

  const titleError = touched && !fields.title.trim() ? 'Title is required' : undefined;
  const descriptionError = touched && !fields.description.trim() ? 'Description is required' : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!videoFile || !fields.title.trim() || !fields.description.trim() || busy) return;
    setFraction(0);
    if (!thumbnailPicked) return void sendResumably(videoFile);
    const form = new FormData();
    form.append('title', fields.title.trim());
    form.append('description', fields.description.trim());
    form.append('videoFile', videoFile);
    if (thumbnail) form.append('thumbnail', thumbnail);
    const result = await upload({ form, onUploadProgress: setFraction });
    if (result.error) {
      toast.error(messageOf(result.error, 'Failed to upload video'));
      return;
    }
    toast.success('Video uploaded successfully');
    setUploadedId(result.data._id);
  };

  const sendResumably = async (file: File) => {
    setSending(true);
    setResuming(false);
    const current = startResumableUpload(file, { title: fields.title.trim(), description: fields.description.trim() }, { onProgress: setFraction, onResume: () => setResuming(true) });
    resumable.current = current;
    try {
      const videoId = await current.videoId;
      dispatch(videosApi.util.invalidateTags(videoListsOf(getStoredUser()?.username)));
      toast.success('Video uploaded successfully');
      setUploadedId(videoId);
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : UPLOAD_FAILED);
    } finally {
      if (resumable.current === current) resumable.current = null;
      setSending(false);
      setUnfinished(false);
    }
  };

  return (
    <Box sx={{ maxWidth: 760, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        Upload Video
      </Typography>
      <Paper component="form" onSubmit={submit} noValidate variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2.5, borderRadius: 3 }}>
        <MediaPicker
          label="Video file"
          hint={VIDEO_HINT}
          accept="video/*"
          icon={<MovieIcon />}
          kind="video"
          file={videoFile}
          disabled={busy}
          error={videoError ?? (touched && !videoFile ? 'Video file is required' : null)}
          onChoose={chooseVideo}
          onRemove={removeVideo}
        />
        <TextField
          label="Title"
          required
          value={fields.title}
          onChange={(event) => setFields({ ...fields, title: event.target.value })}
          error={Boolean(titleError)}
          helperText={titleError}
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
          error={Boolean(descriptionError)}
          helperText={descriptionError}
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
              file={thumbnail}
              disabled={busy}
              error={thumbnailError}
              onChoose={chooseThumbnail}
              onRemove={() => {
                setThumbnail(null);
                setThumbnailPicked(false);
              }}
            />
          </Box>
        </Box>
        {unfinished && !busy && (
          <Typography variant="body2" color="text.secondary">
            Part of this file is already uploaded: uploading continues where it stopped.
          </Typography>
        )}
        {(uploading || sending || uploadedId) && (
          <UploadProgress
            phase={uploading || sending ? 'uploading' : 'processing'}
            resuming={resuming}
            uploadFraction={fraction}
            transcodePercent={uploaded.data?.progress ?? 0}
            onWatchNow={uploadedId ? () => navigate(`/watch/${encodeURIComponent(uploadedId)}`) : undefined}
          />
        )}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
          <Button onClick={() => navigate(-1)} disabled={uploading || sending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!videoFile || busy}>
            {uploading || sending ? 'Uploading...' : 'Upload Video'}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
