// transcode {videoId}: source -> the ladder's renditions (fragmented MP4 + HLS playlist each), made
// in one run that decodes the source once. For a new video the start rung (360p) streams while that run
// makes it: its first fragments are published within seconds (status 'ready', an HLS master with
// that one live variant), then every rung as it is complete. Rungs already packaged by an earlier,
// interrupted attempt are kept, so a retry only does what is missing; a rendition from before HLS
// packaging counts as missing (the migration re-queues those). A redo (`npm run admin -- requeue`)
// makes every rung again.
import { extname, join } from 'node:path';
import { mediaTools } from '../../media/ffmpeg.js';
import { startHeight } from '../../../contract/limits.js';
import { ladderFor, qualityHeight } from '../../media/ladder.js';
import { probeVideo } from '../../media/probe.js';
import { transcodeLadder } from '../../media/transcode.js';
import { publishFragments, publishRendition, removeLiveFiles } from '../../media/publish.js';
import { createMediaUrls } from '../../media/urls.js';
import { hlsMasterKey, sourcePlayable, transcodeJobId } from '../../media/videoFiles.js';
import { reachOf } from '../../domain/videoReach.js';
import type { JobDeps, JobHandler } from '../types.js';
import { inJobWorkDir, localCopy } from '../workDir.js';
import { TranscodeProgress } from './transcodeProgress.js';

/** The video was deleted while we worked: stop quietly. */
export class VideoGone extends Error {}

/** A media job's end when its work threw VideoGone; any other error stays one. */
export function videoGoneAsDeleted(error: unknown): { videoDeleted: true } {
  if (error instanceof VideoGone) return { videoDeleted: true };
  throw error;
}

/** Tells the owner how far the transcode is; `playsAsHls`: the master playlist lists a rung or the stream. */
function announce(deps: JobDeps, ownerId: string, videoId: string, status: 'processing' | 'ready' | 'failed', progress: number, qualities: number[], playsAsHls: boolean) {
  const hlsUrl = status === 'ready' && playsAsHls ? createMediaUrls(deps.config.publicUrl).hls(videoId) : null;
  return deps.events.publish('video.transcodeProgressed', { ownerId, videoId, status, progress, qualities: [...qualities].sort((a, b) => b - a), hlsUrl });
}

/**
 * Tells the video's viewers which qualities exist now and which are still on their way (HLS plays
 * once one exists or streams). Its reach is read now: a moderator may take the video down while it
 * transcodes, and one deleted meanwhile has no viewers left to tell.
 */
export async function announceQualities(deps: JobDeps, videoId: string, qualities: number[], pending: number[], streaming = false) {
  const video = await deps.repos.videoMedia.find(videoId);
  if (!video) return;
  const best = (heights: number[]) => [...new Set(heights)].sort((a, b) => b - a);
  await deps.events.publish('video.qualitiesChanged', {
    videoId,
    qualities: best(qualities),
    pendingQualities: best(pending),
    hlsUrl: qualities.length || streaming ? createMediaUrls(deps.config.publicUrl).hls(videoId) : null,
    ...reachOf(video),
  });
}

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
    const { videoId } = job.payload;
    const media = deps.repos.videoMedia;
    const video = await media.find(videoId);
    if (!video) return { videoDeleted: true };
    const tools = mediaTools(deps.config);
    return inJobWorkDir(deps.config, job, async (workDir) => {
      const sourcePath = await localCopy(deps.storage, video.source_key, join(workDir, `source${extname(video.source_key)}`));
      const probe = await probeVideo(tools, sourcePath, job.signal);
      if (!probe) throw new Error('the source is not a readable video');
      await media.setProbe(videoId, { ...probe, browserPlayable: sourcePlayable(probe, video.source_key) });

      const packagedBefore = await media.packagedQualities(videoId);
      const redo = job.payload.redo === true;
      const todo = ladderFor(qualityHeight(probe.width, probe.height)).filter((rung) => redo || !packagedBefore.includes(rung.height));
      const run = new TranscodeProgress({ qualities: await media.qualities(videoId), packaged: packagedBefore, todo: todo.map((rung) => rung.height) });
      const tell = (percent: number) => announce(deps, video.owner_id, videoId, run.status, percent, run.qualities, run.playsAsHls);
      const makeReady = async () => {
        if (!run.waitsForReady) return;
        // The first playable rung: that is when its channel's subscribers hear of the video. While
        // its owner is suspended it is held (stays processing, nobody is told) and tried again
        // at the next rung; lifting the suspension publishes it.
        const outcome = await media.markReady(videoId);
        if (outcome === 'held') return;
        if (outcome === 'published') await deps.events.publish('video.published', { videoId, ownerId: video.owner_id });
        run.markedReady();
      };
      // Nothing plays yet: stream the start rung (360p) while the ladder is made.
      const streamedHeight = run.qualities.length === 0 ? (startHeight(todo.map((rung) => rung.height)) ?? null) : null;
      // Writes in order, without holding up ffmpeg's progress output.
      let progressWrites = Promise.resolve();
      await transcodeLadder({
        tools,
        sourcePath,
        probe,
        rungs: todo,
        startFirst: false,
        workDir: join(workDir, 'out'),
        preset: deps.config.transcodePreset,
        signal: job.signal,
        onProgress: (fraction) => {
          const percent = run.progressReport(fraction, Date.now());
          if (percent === null) return;
          progressWrites = progressWrites.then(() => job.progress(percent)).catch(() => undefined);
          void tell(percent);
        },
        onFragments:
          streamedHeight === null
            ? undefined
            : async (rung) => {
                const published = await publishFragments({ storage: deps.storage, media }, videoId, rung, run.fragmentsPublished);
                if (published === null) throw new VideoGone();
                if (run.fragmentsNowPublished(published)) {
                  // Ready first, so the refetch the announcement causes finds the video listed.
                  await makeReady();
                  await announceQualities(deps, videoId, run.packaged, run.pending, true);
                  await tell(run.shownPercent);
                }
              },
        onRendition: async (rendition) => {
          await deps.events.publish('video.rungEncoded', { videoId, height: rendition.height, encodeSeconds: rendition.encodeSeconds });
          if (!(await publishRendition({ storage: deps.storage, media }, videoId, rendition))) throw new VideoGone();
          if (rendition.height === streamedHeight) {
            // The rung's file holds the streamed fragments: its playlist now answers for the live one.
            // Players on the stream move over at their next reload (every 2 s; ours reload the master
            // at once), so its own fragments go a grace period later.
            await media.setStreamingHeight(videoId, null);
            const remove = () => removeLiveFiles(deps.storage, videoId).catch((err: unknown) => deps.log.warn({ videoId, err }, 'removing streamed fragments failed'));
            setTimeout(remove, deps.config.liveFilesGraceMs).unref();
          }
          run.rungPublished(rendition.height);
          await announceQualities(deps, videoId, run.packaged, run.pending);
          await makeReady();
          await tell(run.shownPercent);
        },
      });
      await progressWrites;
      await makeReady();
      await tell(100);
      return { rungs: run.madeRungs() };
    }).catch(videoGoneAsDeleted);
  },

  async onFailed(deps, { videoId }, error) {
    const media = deps.repos.videoMedia;
    const video = await media.find(videoId);
    if (!video) return;
    const qualities = await media.qualities(videoId);
    // A video with a watchable rendition stays ready (or held, while its owner is suspended); one
    // with none is failed for the owner to see.
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
  },
};
