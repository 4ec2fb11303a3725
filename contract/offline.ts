// Offline-first: the header names, paths and answers that the client's queue and its
// resumable uploads share with the server. Plain strings (no typebox): cheap in the client bundle.
// The answer of GET {TUS_UPLOADS_PATH}/{uploadId}/video is TusUploadVideo in entities.ts.

/** Sent on queued writes; one key per action, kept for replays of that same action (1-200 printable ASCII). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set to 'true' on an answer that is the stored answer of an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_MESSAGES = {
  /** 422: same key, other method, path or body. */
  reused: 'Idempotency key reused with a different request',
  /** 409: the first request with the key has not answered yet; retry later. */
  inProgress: 'A request with this idempotency key is in progress',
} as const;

/**
 * tus 1.0 endpoint for resumable video uploads (creation, then HEAD/PATCH/DELETE on the Location).
 * Upload-Metadata: title and description (required, as in the multipart form), filename.
 */
export const TUS_UPLOADS_PATH = '/api/v1/uploads/tus';
/** On the answer to the last PATCH (and on HEAD of a finished upload): the id of the new video. */
export const TUS_VIDEO_ID_HEADER = 'Video-Id';
