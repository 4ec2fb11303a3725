// The upload screen's work, apart from its layout: the chosen files and their checks, the details
// filled from the video, the unfinished-upload lookup, sending (tus or multipart) with progress,
// and waiting for the transcode before going to the watch page.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LIMITS } from '../../../contract/limits';
import { messageOf } from '../../api/client';
import { useGetVideoQuery, useUploadVideoMutation, videosApi } from '../../api/endpoints/videos';
import { videoListsOf } from '../../api/tags';
import { useAppDispatch } from '../../lib/hooks';
import { toast } from '../../components/toast';
import { getStoredUser } from '../../lib/storage';
import { imageFileError } from '../../lib/validation';
import { baseName, captureThumbnail } from './captureThumbnail';
import { findUnfinishedUpload, type ResumableUpload, startResumableUpload, UPLOAD_FAILED } from './resumableUpload';

const PROCESSING_POLL_MS = 2000;

function videoFileError(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('video/')) return 'Please upload a video file';
  if (file.size > LIMITS.videoBytes) return 'Video size should be less than 100MB';
  return null;
}

export interface VideoFields {
  title: string;
  description: string;
}

export function useVideoUpload() {
  const navigate = useNavigate();
  const [fields, setFields] = useState<VideoFields>({ title: '', description: '' });
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

  // The watch page takes the form's place in the history: Back leads to where the user came from,
  // not to the filled form of a video already uploaded.
  useEffect(() => {
    if (uploadedId && uploaded.data && uploaded.data.status !== 'processing') navigate(`/watch/${encodeURIComponent(uploadedId)}`, { replace: true });
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
    const problem = imageFileError(file) ?? null;
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

  const removeThumbnail = () => {
    setThumbnail(null);
    setThumbnailPicked(false);
  };

  return {
    fields,
    setFields,
    touched,
    videoFile,
    thumbnail,
    unfinished,
    resuming,
    busy,
    /** Bytes are going up (multipart or tus). */
    sending: uploading || sending,
    uploadedId,
    fraction,
    transcodePercent: uploaded.data?.progress ?? 0,
    videoError,
    thumbnailError,
    titleError,
    descriptionError,
    chooseVideo,
    removeVideo,
    chooseThumbnail,
    removeThumbnail,
    submit,
  };
}
