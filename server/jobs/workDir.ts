// Scratch space for media jobs under DATA_DIR/tmp, and local copies of stored files for ffmpeg.
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.js';
import type { MediaStorage } from '../media/storage.js';
import type { JobContext, JobType } from './types.js';

/**
 * A fresh directory per attempt: an ffmpeg orphaned by a crash may still be writing the old one
 * for a moment (it dies at its next -progress write into the closed pipe). Earlier attempts' go.
 */
async function jobWorkDir(config: Pick<Config, 'dataDir'>, job: JobContext<JobType>): Promise<string> {
  const tmp = join(config.dataDir, 'tmp');
  const earlier = (await readdir(tmp).catch(() => [] as string[])).filter((name) => name.startsWith(`job-${job.id}-`));
  await Promise.all(earlier.map((name) => rm(join(tmp, name), { recursive: true, force: true })));
  const workDir = join(tmp, `job-${job.id}-${job.attempt}-${Date.now().toString(36)}`);
  await mkdir(workDir, { recursive: true });
  return workDir;
}

/** Runs `work` in a fresh work directory for this attempt, removed afterwards whatever happens. */
export async function inJobWorkDir<T>(config: Pick<Config, 'dataDir'>, job: JobContext<JobType>, work: (workDir: string) => Promise<T>): Promise<T> {
  const workDir = await jobWorkDir(config, job);
  try {
    return await work(workDir);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** A path ffmpeg can read: the stored file itself on disk, else a download to `path`. */
export async function localCopy(storage: MediaStorage, key: string, path: string): Promise<string> {
  const local = storage.localPath(key);
  if (local) return local;
  await pipeline(await storage.read(key), createWriteStream(path));
  return path;
}
