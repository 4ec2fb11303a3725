// Resumable video uploads over tus 1.0 (server/routes/tus.ts): 5 MB chunks, retries on
// a dropped connection, and the upload's URL kept in local storage per file and user, so choosing
// the same file after a reload goes on from the server's offset instead of from zero.
import { defaultOptions, type DetailedError, type HttpResponse, type PreviousUpload, Upload, type UploadOptions } from 'tus-js-client';
import type { TusUploadVideo } from '../../../contract/entities';
import { TUS_UPLOADS_PATH, TUS_VIDEO_ID_HEADER } from '../../../contract/offline';
import { API_BASE, apiCall, messageOf } from '../../api/client';
import { getStoredUser, getToken } from '../../lib/storage';

export const UPLOAD_FAILED = 'Failed to upload video';
const TUS_CHUNK_BYTES = 5 * 1024 * 1024;
/** Waits before each retry of a failed request (ms): six tries over about 40 s. */
const TUS_RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000];

export interface VideoDetails {
  title: string;
  description: string;
}

/** Upload-Metadata of the creation request; the server requires title and description. */
export function uploadMetadata(file: Pick<File, 'name' | 'type'>, details: VideoDetails): Record<string, string> {
  return { filename: file.name, filetype: file.type, title: details.title, description: details.description };
}

/** The new video's id on the last PATCH's answer (or on HEAD of an upload finished before a reload). */
export function videoIdOf(response: Pick<HttpResponse, 'getHeader'> | null | undefined): string | null {
  const id = response?.getHeader(TUS_VIDEO_ID_HEADER)?.trim();
  return id ? id : null;
}

/** The server's message for a refusal (4xx, JSON envelope); the generic one otherwise. */
export function uploadErrorMessage(error: unknown): string {
  const response = (error as Partial<DetailedError> | null)?.originalResponse;
  if (!response) return UPLOAD_FAILED;
  const status = response.getStatus();
  if (status < 400 || status >= 500) return UPLOAD_FAILED;
  try {
    const message = (JSON.parse(response.getBody()) as { message?: unknown }).message;
    return typeof message === 'string' && message ? message : UPLOAD_FAILED;
  } catch {
    return UPLOAD_FAILED;
  }
}

function authorize(request: { setHeader(name: string, value: string): void }): void {
  // Read at each request: a token refreshed during a long upload is the one sent.
  const token = getToken();
  if (token) request.setHeader('Authorization', `Bearer ${token}`);
}

function uploadOptions(file: File, details: VideoDetails): UploadOptions {
  const userId = getStoredUser()?._id ?? 'anonymous';
  return {
    endpoint: `${location.origin}${TUS_UPLOADS_PATH}`,
    chunkSize: TUS_CHUNK_BYTES,
    retryDelays: TUS_RETRY_DELAYS,
    metadata: uploadMetadata(file, details),
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    // Per user: another account on this device must not try to resume (the server says 403).
    fingerprint: async (input, options) => `${await defaultOptions.fingerprint(input, options)}-${userId}`,
    onBeforeRequest: authorize,
  };
}

/** The unfinished upload of this file by this user, if a previous page left one. */
export async function findUnfinishedUpload(file: File): Promise<PreviousUpload | null> {
  const previous = await new Upload(file, uploadOptions(file, { title: '', description: '' })).findPreviousUploads();
  return previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0] ?? null;
}

/** Through the shared client, so that a 401 signs out like every other call. */
async function videoIdOfUploadUrl(uploadUrl: string): Promise<string> {
  const path = new URL(uploadUrl, location.origin).pathname;
  const result = await apiCall<TusUploadVideo>({ url: `${path.slice(API_BASE.length)}/video` });
  if ('data' in result && result.data?.videoId) return result.data.videoId;
  throw new Error('error' in result ? messageOf(result.error, UPLOAD_FAILED) : UPLOAD_FAILED);
}

export interface ResumableUploadHandlers {
  /** 0..1 of the whole file (a resumed upload starts at the server's offset). */
  onProgress: (fraction: number) => void;
  /** Called when an earlier upload of the same file and details goes on. */
  onResume: () => void;
}

export interface ResumableUpload {
  /** The new video's id; rejects with the message to show. */
  videoId: Promise<string>;
  /** Stops sending; the upload stays resumable. */
  abort: () => void;
}

export function startResumableUpload(file: File, details: VideoDetails, handlers: ResumableUploadHandlers): ResumableUpload {
  let upload: Upload | null = null;
  let aborted = false;
  const videoId = new Promise<string>((resolve, reject) => {
    upload = new Upload(file, {
      ...uploadOptions(file, details),
      onProgress: (sent, total) => handlers.onProgress(total > 0 ? sent / total : 0),
      onSuccess: ({ lastResponse }) => {
        const id = videoIdOf(lastResponse);
        if (id) resolve(id);
        else if (upload?.url) videoIdOfUploadUrl(upload.url).then(resolve, reject);
        else reject(new Error(UPLOAD_FAILED));
      },
      onError: (error) => reject(new Error(uploadErrorMessage(error))),
    });
    const current = upload;
    void current.findPreviousUploads().then(
      (previous) => {
        if (aborted) return;
        // Only the same title and description: the metadata was fixed when the upload was created.
        const same = previous.find((entry) => entry.metadata.title === details.title && entry.metadata.description === details.description);
        if (same) {
          handlers.onResume();
          current.resumeFromPreviousUpload(same);
        }
        current.start();
      },
      () => !aborted && current.start(),
    );
  });
  return {
    videoId,
    abort: () => {
      aborted = true;
      void upload?.abort(false);
    },
  };
}
