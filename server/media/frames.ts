// Stills taken from videos outside transcoding: the thumbnail made at upload and one chosen after
// it (PATCH /videos/{id} thumbnailAt). Each ffmpeg run here goes through one pool per process, so a
// burst of edits cannot start an ffmpeg each; callers past its queue get PoolBusyError.
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.js';
import { newId } from '../ids.js';
import { mediaTools } from './ffmpeg.js';
import type { MediaStorage } from './storage.js';
import { extractFrame } from './transcode.js';
import { WorkPool } from './workPool.js';

type FrameConfig = Pick<Config, 'dataDir' | 'ffmpegPath' | 'ffprobePath' | 'frameGrabs'>;

/** What a caller refused by a busy pool is told to wait: a frame takes about a second. */
const RETRY_AFTER_SECONDS = 5;

const pools = new Map<string, WorkPool>();

/** The pool of this process for these settings: every app and use case in the process shares it. */
function framePool(settings: Config['frameGrabs']): WorkPool {
  const key = JSON.stringify(settings);
  let pool = pools.get(key);
  if (!pool) {
    pool = new WorkPool({ size: settings.max, queue: settings.queue, maxWaitMs: settings.waitMs, retryAfterSeconds: RETRY_AFTER_SECONDS });
    pools.set(key, pool);
  }
  return pool;
}

/** One run of ffmpeg, killed when it takes too long (a stuck one would hold its place for good). */
function extract(config: Pick<Config, 'ffmpegPath' | 'ffprobePath' | 'frameGrabs'>, path: string, atSeconds: number): Promise<Buffer> {
  return extractFrame(mediaTools(config), path, atSeconds, AbortSignal.timeout(config.frameGrabs.timeoutMs));
}

/** One JPEG frame at `atSeconds` of a local video file, through the pool. */
export function grabFrame(config: Pick<Config, 'ffmpegPath' | 'ffprobePath' | 'frameGrabs'>, path: string, atSeconds: number): Promise<Buffer> {
  return framePool(config.frameGrabs).run(() => extract(config, path, atSeconds));
}

/**
 * One JPEG frame at `atSeconds` of the first stored file in `keys` (the source, else a rendition).
 * Storage without local files (S3) is copied into a temp file that is removed afterwards; the copy
 * happens inside the pool too, so a refused caller downloads nothing.
 */
export async function frameOfStoredVideo(deps: { config: FrameConfig; storage: MediaStorage }, keys: string[], atSeconds: number): Promise<Buffer> {
  const key = keys.find(Boolean);
  if (!key) throw new Error('the video has no stored file');
  return framePool(deps.config.frameGrabs).run(async () => {
    const local = deps.storage.localPath(key);
    if (local) return extract(deps.config, local, atSeconds);
    const tempDir = join(deps.config.dataDir, 'tmp');
    await mkdir(tempDir, { recursive: true });
    const path = join(tempDir, `${newId()}.frame${extname(key)}`);
    try {
      await pipeline(await deps.storage.read(key), createWriteStream(path));
      return await extract(deps.config, path, atSeconds);
    } finally {
      await rm(path, { force: true });
    }
  });
}
