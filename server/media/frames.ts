// A still from a stored video, for a thumbnail chosen after upload (PATCH /videos/{id} thumbnailAt).
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.js';
import { newId } from '../ids.js';
import { mediaTools } from './ffmpeg.js';
import type { MediaStorage } from './storage.js';
import { extractFrame } from './transcode.js';

/**
 * One JPEG frame at `atSeconds` of the first stored file in `keys` (the source, else a rendition).
 * Storage without local files (S3) is copied into a temp file that is removed afterwards.
 */
export async function frameOfStoredVideo(
  deps: { config: Pick<Config, 'dataDir' | 'ffmpegPath' | 'ffprobePath'>; storage: MediaStorage },
  keys: string[],
  atSeconds: number,
): Promise<Buffer> {
  const key = keys.find(Boolean);
  if (!key) throw new Error('the video has no stored file');
  const local = deps.storage.localPath(key);
  if (local) return extractFrame(mediaTools(deps.config), local, atSeconds);
  const tempDir = join(deps.config.dataDir, 'tmp');
  await mkdir(tempDir, { recursive: true });
  const path = join(tempDir, `${newId()}.frame${extname(key)}`);
  try {
    await pipeline(await deps.storage.read(key), createWriteStream(path));
    return await extractFrame(mediaTools(deps.config), path, atSeconds);
  } finally {
    await rm(path, { force: true });
  }
}
