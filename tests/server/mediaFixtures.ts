// Small real media for the media-pipeline tests: generated with ffmpeg (clips.ts), once per run for
// each set of parameters (clipCache.ts), plus helpers to upload, wait for transcoding and inspect
// what was left on disk.
import { execFile } from 'node:child_process';
import { type ClientRequest, request as httpRequest } from 'node:http';
import { copyFile, link, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { PostgresAdapter } from 'kysely';
import type { DB } from '../../server/db/kysely.js';
import type { Repositories } from '../../server/db/repositories/index.js';
import { JobRepository } from '../../server/db/repositories/jobs.js';
import { VideoMediaRepository } from '../../server/db/repositories/videoMedia.js';
import { VideoRepository } from '../../server/db/repositories/videos.js';
import { transcodeJobId } from '../../server/media/videoFiles.js';
import { type ClipOptions, encodeClip, sharedClip, tools } from './clips.js';
import { eventually } from '../support/eventually.js';
import { blobOf, call } from '../support/server.js';

const run = promisify(execFile);
export { type ClipOptions, tools };

let fixtureDir: string | null = null;
async function dir(): Promise<string> {
  fixtureDir ??= await mkdtemp(join(tmpdir(), 'vidshare-media-'));
  return fixtureDir;
}

/** The run's shared clip folder (clipCache.ts), or null when the file runs without that setup. */
export function clipCacheDir(): string | null {
  try {
    return inject('clipCacheDir') ?? null;
  } catch {
    return null;
  }
}

/** An H.264/AAC MP4 of a test pattern with a tone, encoded as fast as possible, at `<this file's folder>/<name>`. */
export async function makeClip(name: string, options: ClipOptions): Promise<string> {
  const path = join(await dir(), name);
  const cacheDir = clipCacheDir();
  if (!cacheDir) {
    await encodeClip(path, options);
    return path;
  }
  const shared = await sharedClip(cacheDir, options);
  // A hard link: the test sees its own name (the upload form takes a title from it) at no copying cost.
  await rm(path, { force: true });
  await link(shared, path).catch(() => copyFile(shared, path));
  return path;
}

export interface ProbedFile {
  width: number;
  height: number;
  duration: number;
  videoCodec: string;
  audioCodec: string | null;
}

export async function ffprobe(path: string): Promise<ProbedFile> {
  const { stdout } = await run(tools.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', path]);
  const info = JSON.parse(stdout) as { streams: { codec_type: string; codec_name: string; width?: number; height?: number }[]; format: { duration: string } };
  const video = info.streams.find((stream) => stream.codec_type === 'video')!;
  const audio = info.streams.find((stream) => stream.codec_type === 'audio');
  return { width: video.width!, height: video.height!, duration: Number(info.format.duration), videoCodec: video.codec_name, audioCodec: audio?.codec_name ?? null };
}

export interface UploadFields {
  title?: string;
  description?: string;
  video?: { bytes: Uint8Array | Buffer; type: string; name: string };
  thumbnail?: { bytes: Uint8Array | Buffer; type: string; name: string };
}

export async function uploadVideo(server: { url: string }, token: string | undefined, fields: UploadFields) {
  const form = new FormData();
  if (fields.title !== undefined) form.set('title', fields.title);
  if (fields.description !== undefined) form.set('description', fields.description);
  if (fields.video) form.set('videoFile', blobOf(fields.video.bytes, fields.video.type), fields.video.name);
  if (fields.thumbnail) form.set('thumbnail', blobOf(fields.thumbnail.bytes, fields.thumbnail.type), fields.thumbnail.name);
  return call(server, 'POST', '/videos/upload-Video', { token, form });
}

export async function mp4Upload(path: string, title = 'A clip'): Promise<UploadFields> {
  return { title, description: `About ${title}`, video: { bytes: await readFile(path), type: 'video/mp4', name: 'clip.mp4' } };
}

export interface VideoState {
  status: string;
  duration: number;
  width: number;
  height: number;
  thumbnail: string;
  source_key: string;
  renditions: { height: number; storage_key: string; size_bytes: number }[];
  job: { state: string; progress: number; attempts: number; last_error: string | null } | undefined;
}

/** The repositories a video's state is read through (an app's or a process place's `repos`). */
export type VideoReads = Pick<Repositories, 'videos' | 'videoMedia' | 'jobs'>;

/** Repositories over a bare Kysely handle, for the callers that still pass `app.db.db`. */
function readsOver(db: DB): VideoReads {
  const dialect = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  return { videos: new VideoRepository(db, dialect), videoMedia: new VideoMediaRepository(db), jobs: new JobRepository(db) };
}

/** A video's row, renditions and transcode job as the repositories read them (null: no such video). */
export async function videoState(source: VideoReads | DB, videoId: string): Promise<VideoState | null> {
  const repos = 'videoMedia' in source ? source : readsOver(source);
  // The job first: it is settled after the video's rows are written, so a job read as done comes
  // with all of them (read the other way round, a rung recorded between the reads went missing).
  const job = await repos.jobs.get(transcodeJobId(videoId));
  const [state, media] = await Promise.all([repos.videos.findState(videoId), repos.videoMedia.find(videoId)]);
  if (!state || !media) return null;
  const renditions = await repos.videoMedia.renditions(videoId);
  return {
    status: media.status,
    duration: Number(state.duration),
    width: media.width,
    height: media.height,
    thumbnail: media.thumbnail,
    source_key: media.source_key,
    renditions: renditions.map((row) => ({ height: Number(row.height), storage_key: row.storage_key, size_bytes: row.size_bytes })),
    job: job && { state: job.state, progress: job.progress, attempts: job.attempts, last_error: job.last_error },
  };
}

/** Waits until `done` holds of the video's state (transcoding runs in the background). */
export async function waitForVideo(source: VideoReads | DB, videoId: string, done: (state: VideoState) => boolean = (state) => state.job?.state === 'done', timeoutMs = 60_000): Promise<VideoState> {
  const state = await eventually(() => videoState(source, videoId), { until: (read) => read !== null && done(read), timeout: timeoutMs, interval: 100, what: `video ${videoId} to be done` });
  return state!;
}

/** Every file under a directory, relative to it (for "nothing left behind" checks). */
export async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(root, join(entry.parentPath, entry.name))).sort();
}

/**
 * A tus PATCH from offset 0 declaring `length` body bytes, over raw HTTP so that a test can send
 * only part of the body and then stall or cut the connection (fetch cannot).
 */
export function openTusPatch(server: { url: string }, location: string, token: string, length: number): ClientRequest {
  return httpRequest(`${server.url}${location}`, {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(length),
    },
  });
}
