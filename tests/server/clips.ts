// Generated clips for the media tests, encoded with ffmpeg (a test pattern and a tone), and the run's
// shared copy of each: one encode per set of parameters, by whichever process asks first (a test
// file through mediaFixtures.ts' makeClip, or tests/browser/playbackClips.ts encoding ahead).
import { execFile } from 'node:child_process';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { locateMediaTools } from '../../server/media/ffmpeg.js';

const run = promisify(execFile);
export const tools = locateMediaTools({ ffmpegPath: process.env.FFMPEG_PATH ?? null, ffprobePath: process.env.FFPROBE_PATH ?? null });

export interface ClipOptions {
  width: number;
  height: number;
  seconds: number;
  audio?: boolean;
  /** Move the index to the front (the default leaves it at the end, as most recorders do). */
  faststart?: boolean;
  /**
   * A moving pattern under temporal noise, 30 fps at 5 Mbit/s: x264 cannot squeeze it, so its rungs
   * cost about what phone footage does (the plain pattern compresses to almost nothing).
   */
  noisy?: boolean;
  /** A QuickTime file (`.mov`) instead of an MP4. */
  container?: 'mov';
}

/** Encodes the clip `options` describe into `path`, as fast as possible (`background`: at a low CPU priority). */
export async function encodeClip(path: string, options: ClipOptions, background = false): Promise<void> {
  const audio = options.audio ?? true;
  const { width, height, seconds } = options;
  const picture = options.noisy ? `testsrc2=size=${width}x${height}:rate=30:duration=${seconds},noise=alls=8:allf=t` : `testsrc=size=${width}x${height}:rate=25:duration=${seconds}`;
  const args = ['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', picture];
  if (audio) args.push('-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`);
  args.push('-c:v', 'libx264', '-preset', 'ultrafast');
  if (options.noisy) args.push('-b:v', '5M', '-maxrate', '5M', '-bufsize', '10M');
  args.push('-pix_fmt', 'yuv420p');
  if (audio) args.push('-c:a', 'aac', '-shortest');
  if (options.faststart) args.push('-movflags', '+faststart');
  if (options.container === 'mov') args.push('-f', 'mov');
  args.push(path);
  const encoding = run(tools.ffmpeg, args);
  // x264's threads start after this and inherit the priority.
  if (background && encoding.child.pid) setPriority(encoding.child.pid, 10);
  await encoding;
}

const exists = (path: string) => stat(path).then(() => true, () => false);

const madeHere = new Map<string, Promise<string>>();

/**
 * The run's copy of the clip `options` describe, in `cacheDir`, encoded by whichever process asks
 * first. Other processes wait for it: the encoder holds a lock folder and moves the finished file
 * into place in one rename, so a reader never sees half a clip. When an encoder gives up (its lock
 * goes, no clip came), the next process to look encodes it itself and so meets the error. With
 * `background`, ffmpeg runs at a low priority: the encode takes only CPU that tests leave idle.
 */
export function sharedClip(cacheDir: string, options: ClipOptions, { background = false } = {}): Promise<string> {
  const key = `${options.width}x${options.height}-${options.seconds}s${(options.audio ?? true) ? '-audio' : ''}${options.faststart ? '-faststart' : ''}${options.noisy ? '-noisy' : ''}${options.container ? `-${options.container}` : ''}`;
  const extension = options.container ?? 'mp4';
  const made = madeHere.get(key) ?? (async () => {
    const path = join(cacheDir, `${key}.${extension}`);
    const lock = `${path}.lock`;
    // Bounds a hung encoder only: a 720p clip on a busy machine takes minutes.
    const deadline = Date.now() + 600_000;
    for (;;) {
      if (await exists(path)) return path;
      const mine = await mkdir(lock).then(() => true, (error: NodeJS.ErrnoException) => {
        if (error.code === 'EEXIST') return false;
        throw error;
      });
      if (mine) {
        try {
          const partial = `${path}.${process.pid}.partial.${extension}`;
          await encodeClip(partial, options, background);
          await rename(partial, path);
        } finally {
          await rm(lock, { recursive: true, force: true });
        }
        return path;
      }
      if (Date.now() > deadline) throw new Error(`${key}.${extension} not encoded within 600 s by the process holding ${lock}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  madeHere.set(key, made);
  made.catch(() => madeHere.delete(key));
  return made;
}
