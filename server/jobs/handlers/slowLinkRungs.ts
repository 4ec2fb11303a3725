// slow-link-rungs {videoId}: the backfill for videos transcoded before the ladder had its 240p and
// 144p rungs. The missing ones are made from the video's lowest main rung (360p for most; a decode
// of a fraction of the source's pixels), the rungs it already has stay as they are, and each new
// one is published like a transcode's: file, playlist, row, master rewritten (start rung first),
// then `video.qualitiesChanged`, so the read cache and the viewers' pages follow. Queued at start
// for every video missing them (queueSlowLinkRungs), behind any other job.
import { join } from 'node:path';
import type { VideoMediaRepository } from '../../db/repositories/videoMedia.js';
import { mediaTools } from '../../media/ffmpeg.js';
import { qualityHeight, SLOW_LINK_MINIMUMS, slowLinkRungsFor } from '../../media/ladder.js';
import { probeVideo } from '../../media/probe.js';
import { publishRendition } from '../../media/publish.js';
import { transcodeLadder } from '../../media/transcode.js';
import { transcodeJobId } from '../../media/videoFiles.js';
import type { JobHandler, JobQueue } from '../types.js';
import { inJobWorkDir, localCopy } from '../workDir.js';
import { announceQualities, VideoGone, videoGoneAsDeleted } from './transcodeRecord.js';

const SLOW_LINK_JOB_PREFIX = 'slow-link-rungs-';
const slowLinkRungsJobId = (videoId: string) => `${SLOW_LINK_JOB_PREFIX}${videoId}`;

export const slowLinkRungsJob: JobHandler<'slow-link-rungs'> = {
  maxAttempts: 2,
  background: true,
  backoffMs: (attempt) => 30_000 * attempt,

  async run(deps, job) {
    const { videoId } = job.payload;
    const media = deps.repos.videoMedia;
    const video = await media.find(videoId);
    if (!video) return { videoDeleted: true };
    // A video still being transcoded gets every rung from that run.
    if (video.status !== 'ready' || video.streaming_height !== null) return { rungs: [] };
    const renditions = await media.renditions(videoId);
    const packaged = renditions.filter((row) => row.playlist_key).map((row) => Number(row.height));
    const todo = slowLinkRungsFor(qualityHeight(video.width, video.height)).filter((rung) => !packaged.includes(rung.height));
    if (todo.length === 0) return { rungs: [] };
    // The smallest rendition taller than every missing rung: its picture and audio are all they need.
    const tallest = Math.max(...todo.map((rung) => rung.height));
    const input = renditions.filter((row) => Number(row.height) > tallest).at(-1);
    if (!input) {
      deps.log.warn({ videoId }, 'no rendition to make the slow-link rungs from');
      return { rungs: [] };
    }
    const tools = mediaTools(deps.config);
    const made: number[] = [];
    const pending = todo.map((rung) => rung.height);
    return inJobWorkDir(deps.config, job, async (workDir) => {
      const inputPath = await localCopy(deps.storage, input.storage_key, join(workDir, `input-${Number(input.height)}.mp4`));
      const probe = await probeVideo(tools, inputPath, job.signal);
      if (!probe) throw new Error(`the ${Number(input.height)}p rendition is not a readable video`);
      await transcodeLadder({
        tools,
        sourcePath: inputPath,
        probe,
        sourceSize: { width: video.width, height: video.height },
        rungs: todo,
        startFirst: false,
        workDir: join(workDir, 'out'),
        preset: deps.config.transcodePreset,
        signal: job.signal,
        onRendition: async (rendition) => {
          await deps.events.publish('video.rungEncoded', { videoId, height: rendition.height, encodeSeconds: rendition.encodeSeconds });
          if (!(await publishRendition({ storage: deps.storage, media }, videoId, rendition))) throw new VideoGone();
          made.push(rendition.height);
          packaged.push(rendition.height);
          pending.splice(pending.indexOf(rendition.height), 1);
          await announceQualities(deps, videoId, packaged, pending);
        },
      });
      return { rungs: made.sort((a, b) => b - a) };
    }).catch(videoGoneAsDeleted);
  },
};

/**
 * At start-up: one slow-link-rungs job per ready video that lacks a slow-link rung its size gets.
 * Idempotent: stable job ids, and a video whose backfill ran once (or whose transcode is queued or
 * running) is left out. Returns how many were queued.
 */
export async function queueSlowLinkRungs(media: VideoMediaRepository, jobs: Pick<JobQueue, 'enqueue'>): Promise<number> {
  const videoIds = await media.missingRungVideoIds(SLOW_LINK_MINIMUMS, { activeJobPrefix: transcodeJobId(''), doneJobPrefix: SLOW_LINK_JOB_PREFIX });
  for (const videoId of videoIds) await jobs.enqueue('slow-link-rungs', { videoId }, { id: slowLinkRungsJobId(videoId) });
  return videoIds.length;
}
