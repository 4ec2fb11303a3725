// package-hls {videoId}: the migration of renditions made before HLS packaging. Each one is remuxed
// (stream copy, no re-encode) into a fragmented MP4 plus byte-range playlist and published in its
// place. Fragments can only start at the file's own keyframes: when those are too far apart for
// HLS (x264's default keyint is 10 s), the video's transcode is re-queued instead, and it
// re-encodes the rungs that have no playlist (see transcode.ts).
import { join } from 'node:path';
import type { VideoMediaRepository } from '../../db/repositories/videoMedia.js';
import { mediaTools } from '../../media/ffmpeg.js';
import { publishRendition } from '../../media/publish.js';
import { remuxToHls } from '../../media/transcode.js';
import { transcodeJobId } from '../../media/videoFiles.js';
import type { JobHandler, JobQueue } from '../types.js';
import { inJobWorkDir, localCopy } from '../workDir.js';
import { announceQualities } from './transcodeRecord.js';

/** Longest fragment a remux may keep: Apple's recommended target duration. */
const MAX_REMUX_TARGET_SECONDS = 6;

const packageHlsJobId = (videoId: string) => `package-hls-${videoId}`;

export const packageHlsJob: JobHandler<'package-hls'> = {
  maxAttempts: 2,
  backoffMs: (attempt) => 10_000 * attempt,

  async run(deps, job) {
    const { videoId } = job.payload;
    const media = deps.repos.videoMedia;
    const todo = (await media.renditions(videoId)).filter((row) => !row.playlist_key);
    if (todo.length === 0) return { rungs: [] };
    const packaged: number[] = [];
    const tools = mediaTools(deps.config);
    return inJobWorkDir(deps.config, job, async (workDir) => {
      for (const row of todo) {
        const height = Number(row.height);
        const input = await localCopy(deps.storage, row.storage_key, join(workDir, `input-${height}.mp4`));
        const rendition = await remuxToHls(tools, input, join(workDir, `out-${height}`), height, job.signal);
        if (rendition.hls.targetDuration > MAX_REMUX_TARGET_SECONDS) {
          deps.log.info({ videoId, height, targetDuration: rendition.hls.targetDuration }, 'keyframes too sparse to remux; re-encoding');
          await deps.jobs.enqueue('transcode', { videoId }, { id: transcodeJobId(videoId) });
          return { rungs: packaged, transcodeQueued: true };
        }
        if (!(await publishRendition({ storage: deps.storage, media }, videoId, rendition))) return { videoDeleted: true };
        packaged.push(height);
      }
      await announceQualities(deps, videoId, await media.packagedQualities(videoId), []);
      return { rungs: packaged };
    });
  },
};

/** At start-up: one package-hls job per video still without playlists (idempotent: stable job ids). */
export async function queueHlsPackaging(media: VideoMediaRepository, jobs: Pick<JobQueue, 'enqueue'>): Promise<number> {
  const videoIds = await media.unpackagedVideoIds((videoId) => [transcodeJobId(videoId), packageHlsJobId(videoId)]);
  for (const videoId of videoIds) await jobs.enqueue('package-hls', { videoId }, { id: packageHlsJobId(videoId) });
  return videoIds.length;
}
