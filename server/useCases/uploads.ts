// Resumable uploads (tus): giving one up, or forgetting one that finished (its video stays).
import type { UseCaseDeps } from './deps.js';

type Deps = Pick<UseCaseDeps, 'repos' | 'events'>;

/** The upload's row goes; tus has already dropped its bytes (or the video has them). */
export async function forgetUpload(deps: Deps, input: { uploadId: string; userId: string }): Promise<void> {
  await deps.repos.tusUploads.remove(input.uploadId);
  await deps.events.publish('upload.abandoned', input);
}
