// Resumable uploads (tus): one begins, its finished bytes become a video (or are refused), and the
// user gives one up. The tus intake (uploads/tusIntake.ts) moves the bytes and calls these.
import { checkVideoDetails, ingestVideo, type IngestDeps } from './ingest.js';
import type { UseCaseDeps } from './deps.js';

type Deps = Pick<UseCaseDeps, 'repos' | 'events'>;

/** A new upload of `size` bytes, owned by `userId`. */
export async function beginUpload(deps: Deps, input: { uploadId: string; userId: string; size: number }): Promise<void> {
  await deps.repos.tusUploads.create({ id: input.uploadId, userId: input.userId, size: input.size });
  await deps.events.publish('upload.begun', input);
}

export type UploadRefusal = { status: number; message: string };

/**
 * Takes in a finished upload: title and description from its metadata, then the upload use case
 * (ingest.ts). Answers the new video's id, null when another request already took it in, or the
 * refusal (`wordRefusal` words a failure as the answer the client gets): a refused upload keeps
 * its answer for the client that asks again.
 */
export async function takeInUpload(
  deps: Deps & IngestDeps,
  input: {
    uploadId: string;
    metadata: Record<string, string | null | undefined>;
    sourcePath: () => Promise<string>;
    wordRefusal: (error: unknown) => UploadRefusal;
  },
): Promise<{ videoId: string } | { refused: UploadRefusal } | null> {
  const { uploadId } = input;
  const row = await deps.repos.tusUploads.claimForChecking(uploadId);
  if (!row) return null;
  try {
    const details = checkVideoDetails(input.metadata);
    const videoId = await ingestVideo(deps, { ownerId: row.user_id, ...details, sourcePath: await input.sourcePath() });
    await deps.repos.tusUploads.markDone(uploadId, videoId);
    return { videoId };
  } catch (error) {
    const refused = input.wordRefusal(error);
    await deps.repos.tusUploads.markRefused(uploadId, refused.status, refused.message);
    await deps.events.publish('upload.refused', { uploadId, ...refused });
    return { refused };
  }
}

/** The upload's row goes; tus has already dropped its bytes (or the video has them). */
export async function forgetUpload(deps: Deps, input: { uploadId: string; userId: string }): Promise<void> {
  await deps.repos.tusUploads.remove(input.uploadId);
  await deps.events.publish('upload.abandoned', input);
}
