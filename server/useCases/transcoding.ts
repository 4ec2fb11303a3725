// Running a video's transcoding again from its stored source (an operator's `npm run admin --
// requeue`), through the job queue as its upload did.
import { conflict, notFound, unprocessable } from '../domain/errors.js';
import { transcodeJobId } from '../media/videoFiles.js';
import type { UseCaseDeps } from './deps.js';

type Deps = Pick<UseCaseDeps, 'repos' | 'storage' | 'jobs'>;

/**
 * Queues the video's transcode job anew, making every rung again (each replaces the one there as it
 * lands, so a ready video stays playable meanwhile). A failed video goes back to processing, as a
 * new upload starts. Refused while its transcoding is queued or running.
 */
export async function requeueTranscode(deps: Deps, input: { videoId: string }): Promise<{ jobId: string }> {
  const { videoId } = input;
  const video = await deps.repos.videoMedia.find(videoId);
  if (!video) throw notFound(`No video with id '${videoId}'`);
  if (!video.source_key || !(await deps.storage.stat(video.source_key))) {
    throw unprocessable(`The video's source file (${video.source_key || 'none recorded'}) is missing: it cannot be transcoded again`);
  }
  const jobId = transcodeJobId(videoId);
  const current = await deps.repos.jobs.get(jobId);
  if (current?.state === 'queued' || current?.state === 'running') throw conflict(`Its transcoding is already ${current.state} (job ${jobId})`);
  if (video.status === 'failed') await deps.repos.videoMedia.setStatus(videoId, 'processing');
  return { jobId: await deps.jobs.enqueue('transcode', { videoId, redo: true }, { id: jobId }) };
}
