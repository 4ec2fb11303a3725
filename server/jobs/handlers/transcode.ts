// transcode {videoId}: source -> the ladder's renditions (fragmented MP4 + HLS playlist each), made
// in one run that decodes the source once. For a new video the start rung (360p) streams while that run
// makes it: its first fragments are published within seconds (status 'ready', an HLS master with
// that one live variant), then every rung as it is complete. Rungs already packaged by an earlier,
// interrupted attempt are kept, so a retry only does what is missing; a rendition from before HLS
// packaging counts as missing (the migration re-queues those). A redo (`npm run admin -- requeue`)
// makes every rung again.
// The job is two halves: the encode half (media/transcodeRun.ts: ffmpeg on local files) and the
// record half (transcodeRecord.ts: database, storage, events). Here both run in this process; with
// TRANSCODE_RUNNERS=remote a runner runs the encode half and the API the record half.
import { extname, join } from 'node:path';
import { mediaTools } from '../../media/ffmpeg.js';
import { removeLiveFiles } from '../../media/publish.js';
import { encodeTranscode } from '../../media/transcodeRun.js';
import { hlsMasterKey, transcodeJobId } from '../../media/videoFiles.js';
import type { JobDeps, JobHandler } from '../types.js';
import { inJobWorkDir, localCopy } from '../workDir.js';
import { announce, announceQualities, TranscodeRecord, videoGoneAsDeleted } from './transcodeRecord.js';

/** How far back the start-up sweep looks for transcodes whose streamed files may be left over. */
const LEFT_LIVE_FILES_WINDOW_MS = 3600_000;

/**
 * A process that stops within a streamed rung's grace period takes the timer that would remove
 * its live files along: at start, those of the videos transcoded in the last hour go (a no-op for
 * videos that had none). Returns how many videos were swept.
 */
export async function removeLeftLiveFiles(deps: Pick<JobDeps, 'repos' | 'storage'>): Promise<number> {
  const prefix = transcodeJobId('');
  const jobIds = await deps.repos.jobs.doneSince(prefix, new Date(Date.now() - LEFT_LIVE_FILES_WINDOW_MS).toISOString());
  let swept = 0;
  for (const videoId of jobIds.map((id) => id.slice(prefix.length))) {
    const video = await deps.repos.videoMedia.find(videoId);
    if (!video || video.streaming_height !== null) continue;
    await removeLiveFiles(deps.storage, videoId);
    swept++;
  }
  return swept;
}

export const transcodeJob: JobHandler<'transcode'> = {
  maxAttempts: 3,
  backoffMs: (attempt) => 5000 * 3 ** (attempt - 1),

  async run(deps, job) {
    const record = await TranscodeRecord.open(deps, job);
    if (!record) return { videoDeleted: true };
    return inJobWorkDir(deps.config, job, async (workDir) => {
      const sourcePath = await localCopy(deps.storage, record.sourceKey, join(workDir, `source${extname(record.sourceKey)}`));
      await encodeTranscode({ tools: mediaTools(deps.config), sourcePath, workDir, signal: job.signal }, record);
      return record.finish();
    }).catch(videoGoneAsDeleted);
  },

  onFailed: (deps, { videoId }, error) => transcodeFailed(deps, videoId, error),
};

/**
 * After the last attempt failed (here, or on a remote runner): a video with a watchable rendition
 * stays ready (or held, while its owner is suspended); one with none is failed for the owner to see.
 */
export async function transcodeFailed(deps: Pick<JobDeps, 'config' | 'repos' | 'storage' | 'events' | 'log'>, videoId: string, error: string): Promise<void> {
  const media = deps.repos.videoMedia;
  const video = await media.find(videoId);
  if (!video) return;
  const qualities = await media.qualities(videoId);
  let status: 'ready' | 'failed' | 'processing' = qualities.length ? 'ready' : 'failed';
  if (video.streaming_height !== null) {
    // The stream stopped short: its fragments and the master listing them go.
    await media.setStreamingHeight(videoId, null);
    await removeLiveFiles(deps.storage, videoId);
    if (!qualities.length) await deps.storage.remove(hlsMasterKey(videoId));
  }
  if (status === 'failed') await media.setStatus(videoId, status);
  else {
    const outcome = await media.markReady(videoId);
    if (outcome === 'held') status = 'processing';
    if (outcome === 'published') await deps.events.publish('video.published', { videoId, ownerId: video.owner_id });
  }
  deps.log.warn({ videoId, err: error }, `transcoding failed; video is ${status}`);
  const packaged = await media.packagedQualities(videoId);
  await announce(deps, video.owner_id, videoId, status, 100, qualities, packaged.length > 0);
  await announceQualities(deps, videoId, packaged, []);
}
