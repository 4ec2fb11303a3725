// transcode {videoId}: source -> the ladder's MP4 renditions. The lowest rung is published as
// soon as it exists (status 'ready'), the others as they finish. Rungs already stored by an
// earlier, interrupted attempt are kept, so a retry only does what is missing.
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { VideoMediaRepository } from '../../db/repositories/videoMedia.js';
import { mediaTools } from '../../media/ffmpeg.js';
import { ladderFor, qualityHeight } from '../../media/ladder.js';
import { probeVideo } from '../../media/probe.js';
import type { MediaStorage } from '../../media/storage.js';
import { transcodeLadder } from '../../media/transcode.js';
import { renditionKey } from '../../media/videoFiles.js';
import type { JobDeps, JobHandler } from '../types.js';

/** The video was deleted while we worked: stop quietly. */
class VideoGone extends Error {}

const PROGRESS_INTERVAL_MS = 500;

/** A path ffmpeg can read: the stored file itself on disk, else a download into workDir. */
async function localSource(storage: MediaStorage, key: string, workDir: string): Promise<string> {
  const local = storage.localPath(key);
  if (local) return local;
  const path = join(workDir, `source${extname(key)}`);
  await pipeline(await storage.read(key), createWriteStream(path));
  return path;
}

async function removeEarlierAttempts(tmp: string, jobId: string): Promise<void> {
  const earlier = (await readdir(tmp).catch(() => [] as string[])).filter((name) => name.startsWith(`job-${jobId}-`));
  await Promise.all(earlier.map((name) => rm(join(tmp, name), { recursive: true, force: true })));
}

function announce(deps: JobDeps, ownerId: string, videoId: string, status: 'processing' | 'ready' | 'failed', progress: number, qualities: number[]) {
  deps.live.transcodeProgress(ownerId, { videoId, status, progress, qualities: [...qualities].sort((a, b) => b - a) });
}

export const transcodeJob: JobHandler<'transcode'> = {
  maxAttempts: 3,
  backoffMs: (attempt) => 5000 * 3 ** (attempt - 1),

  async run(deps, job) {
    const { videoId } = job.payload;
    const media = new VideoMediaRepository(deps.db.db);
    const video = await media.find(videoId);
    if (!video) return;
    const tools = mediaTools(deps.config);
    // A fresh directory per attempt: an ffmpeg orphaned by a crash may still be writing the old
    // one for a moment (it dies at its next -progress write into the closed pipe).
    const tmp = join(deps.config.dataDir, 'tmp');
    await removeEarlierAttempts(tmp, job.id);
    const workDir = join(tmp, `job-${job.id}-${job.attempt}-${Date.now().toString(36)}`);
    await mkdir(workDir, { recursive: true });
    try {
      const sourcePath = await localSource(deps.storage, video.source_key, workDir);
      const probe = await probeVideo(tools, sourcePath, job.signal);
      if (!probe) throw new Error('the source is not a readable video');
      await media.setProbe(videoId, probe);

      const qualities = await media.qualities(videoId);
      const todo = ladderFor(qualityHeight(probe.width, probe.height)).filter((rung) => !qualities.includes(rung.height));
      let status: 'processing' | 'ready' = qualities.length ? 'ready' : 'processing';
      let lastReport = 0;
      let lastPercent = -1;
      // Writes in order, without holding up ffmpeg's progress output.
      let progressWrites = Promise.resolve();
      await transcodeLadder({
        tools,
        sourcePath,
        probe,
        rungs: todo,
        workDir: join(workDir, 'out'),
        preset: deps.config.transcodePreset,
        signal: job.signal,
        onProgress: (fraction) => {
          const percent = Math.min(99, Math.floor(fraction * 100));
          if (percent === lastPercent || Date.now() - lastReport < PROGRESS_INTERVAL_MS) return;
          lastReport = Date.now();
          lastPercent = percent;
          progressWrites = progressWrites.then(() => job.progress(percent)).catch(() => undefined);
          announce(deps, video.owner_id, videoId, status, percent, qualities);
        },
        onRendition: async (rendition) => {
          const key = renditionKey(videoId, rendition.height);
          await deps.storage.putFile(key, rendition.path, 'video/mp4', { move: true });
          if (!(await media.addRendition(videoId, { height: rendition.height, storageKey: key, sizeBytes: rendition.size }))) {
            await deps.storage.remove(key);
            throw new VideoGone();
          }
          qualities.push(rendition.height);
          if (status === 'processing') {
            await media.setStatus(videoId, 'ready');
            status = 'ready';
          }
          announce(deps, video.owner_id, videoId, status, Math.max(lastPercent, 0), qualities);
        },
      });
      await progressWrites;
      if (status === 'processing') await media.setStatus(videoId, 'ready');
      announce(deps, video.owner_id, videoId, 'ready', 100, qualities);
    } catch (error) {
      if (error instanceof VideoGone) return;
      throw error;
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  },

  async onFailed(deps, { videoId }, error) {
    const media = new VideoMediaRepository(deps.db.db);
    const video = await media.find(videoId);
    if (!video) return;
    const qualities = await media.qualities(videoId);
    // A video with a watchable rendition stays ready; one with none is failed for the owner to see.
    const status = qualities.length ? 'ready' : 'failed';
    await media.setStatus(videoId, status);
    deps.log.warn({ videoId, err: error }, `transcoding failed; video is ${status}`);
    announce(deps, video.owner_id, videoId, status, 100, qualities);
  },
};
