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
import type { DB } from '../../server/db/kysely.js';
import { type ClipOptions, encodeClip, sharedClip, tools } from './clips.js';
import { blobOf, call } from './harness.js';

const run = promisify(execFile);
export { type ClipOptions, tools };

let fixtureDir: string | null = null;
async function dir(): Promise<string> {
  fixtureDir ??= await mkdtemp(join(tmpdir(), 'vidshare-media-'));
  return fixtureDir;
}

/** The run's shared clip folder (clipCache.ts), or null when the file runs without that setup. */
function clipCacheDir(): string | null {
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

export async function videoState(db: DB, videoId: string): Promise<VideoState | null> {
  const video = await db.selectFrom('videos').select(['status', 'duration', 'width', 'height', 'thumbnail', 'source_key']).where('id', '=', videoId).executeTakeFirst();
  if (!video) return null;
  const renditions = await db.selectFrom('video_renditions').select(['height', 'storage_key', 'size_bytes']).where('video_id', '=', videoId).orderBy('height', 'desc').execute();
  const job = await db.selectFrom('jobs').select(['state', 'progress', 'attempts', 'last_error']).where('id', '=', `transcode-${videoId}`).executeTakeFirst();
  return { ...video, duration: Number(video.duration), renditions: renditions.map((row) => ({ ...row, height: Number(row.height) })), job };
}

/** Polls the database until `done` holds (transcoding runs in the background). */
export async function waitForVideo(db: DB, videoId: string, done: (state: VideoState) => boolean = (state) => state.job?.state === 'done', timeoutMs = 60_000): Promise<VideoState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await videoState(db, videoId);
    if (state && done(state)) return state;
    if (Date.now() > deadline) throw new Error(`video ${videoId} not done in time: ${JSON.stringify(state)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
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
