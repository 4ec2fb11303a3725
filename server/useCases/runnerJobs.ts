// What a remote runner does to its job over the API (TRANSCODE_RUNNERS=remote): claim a lease,
// fetch the source, and hand in each step of the encode half (probe, progress, the streamed rung's
// fragments, finished rungs), then done or failed. Each step is checked against the lease (this
// runner, this attempt, still running) and renews it; the record half (jobs/handlers/transcodeRecord.ts)
// does what the worker's transcode job does with the same step. A runner that loses its lease
// (silent too long, revoked, the video deleted) gets 409 and stops.
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { conflict, invalid } from '../domain/errors.js';
import type { JobRow, LeaseHolder } from '../db/repositories/jobs.js';
import type { RunnerRow } from '../db/repositories/runners.js';
import { transcodeFailed, transcodeJob } from '../jobs/handlers/transcode.js';
import { VideoGone } from '../jobs/handlers/transcodeRecord.js';
import type { RemoteSession, RemoteTranscodes } from '../jobs/remoteTranscodes.js';
import type { JobLogger } from '../jobs/types.js';
import { type MediaPlaylist, variantFacts } from '../media/hls.js';
import type { VideoProbe } from '../media/probe.js';
import { readRendition } from '../media/transcode.js';
import type { TranscodePlan } from '../media/transcodeRun.js';
import type { UseCaseDeps } from './deps.js';

export type RunnerJobDeps = Pick<UseCaseDeps, 'config' | 'repos' | 'events' | 'storage'> & { log: JobLogger; remoteTranscodes: RemoteTranscodes };

type Runner = Pick<RunnerRow, 'id' | 'name'>;

/** A lease as a runner names it: the job and the attempt it was handed. */
export interface Lease {
  jobId: string;
  attempt: number;
}

export interface ClaimedJob {
  jobId: string;
  attempt: number;
  type: 'transcode';
  videoId: string;
  /** Silent longer than this, the runner loses the job. */
  leaseMs: number;
}

const videoIdOf = (row: JobRow) => (JSON.parse(row.payload) as { videoId: string }).videoId;

/** Takes back silent runners' jobs first, then hands the oldest due transcode to this runner (null: none waits). */
export async function claimRunnerJob(deps: RunnerJobDeps, runner: Runner): Promise<ClaimedJob | null> {
  // Where the local queue runs transcodes, a runner must not take them from under it.
  if (deps.config.transcodeRunners !== 'remote') throw conflict('This deployment transcodes locally (TRANSCODE_RUNNERS is not remote): no job for runners');
  await expireRunnerLeases(deps);
  await deps.repos.runners.touch(runner.id);
  const row = await deps.repos.jobs.claimNext(['transcode'], [], runner.id);
  if (!row) return null;
  const videoId = videoIdOf(row);
  await deps.events.publish('runner.jobClaimed', { runnerId: runner.id, jobId: row.id, videoId, attempt: row.attempts });
  return { jobId: row.id, attempt: row.attempts, type: 'transcode', videoId, leaseMs: deps.config.runnerLeaseMs };
}

/** The lease sweep (also run on a timer by every API process): silent runners' jobs go back to the queue. */
export async function expireRunnerLeases(deps: RunnerJobDeps): Promise<string[]> {
  const jobIds = await deps.remoteTranscodes.expireLeases();
  if (jobIds.length) await deps.events.publish('runner.leasesExpired', { jobIds });
  return jobIds;
}

/** The job while this runner holds this lease, its lease renewed; 409 otherwise. */
async function held(deps: RunnerJobDeps, runner: Runner, lease: Lease): Promise<{ row: JobRow; holder: LeaseHolder }> {
  const holder = { runnerId: runner.id, attempt: lease.attempt };
  const row = await deps.repos.jobs.heldBy(lease.jobId, holder);
  if (!row || !(await deps.repos.jobs.renewLease(row.id, holder))) {
    // Cancelled (its video deleted) or settled: nobody will upload for it again here.
    const current = await deps.repos.jobs.get(lease.jobId);
    if (current?.state !== 'running') await deps.remoteTranscodes.end(lease.jobId);
    throw conflict(`This runner no longer holds job ${lease.jobId} (attempt ${lease.attempt}): it was taken back, cancelled or settled`);
  }
  return { row, holder };
}

/** Runs a step of the record half; a video deleted meanwhile ends the job (done, nothing to make) and answers 409. */
async function step<T>(deps: RunnerJobDeps, runner: Runner, lease: Lease, work: (session: () => Promise<RemoteSession>, row: JobRow, holder: LeaseHolder) => Promise<T>): Promise<T> {
  const { row, holder } = await held(deps, runner, lease);
  try {
    return await work(() => deps.remoteTranscodes.session(row, holder), row, holder);
  } catch (error) {
    if (!(error instanceof VideoGone)) throw error;
    await deps.repos.jobs.markDone(row.id, holder);
    await deps.remoteTranscodes.end(row.id);
    await deps.events.publish('runner.jobSettled', { runnerId: runner.id, jobId: row.id, videoId: videoIdOf(row), outcome: 'done' });
    throw conflict(`The video of job ${row.id} was deleted: nothing more to do`);
  }
}

/** The source file of the leased job's video, to download. */
export async function openRunnerSource(deps: RunnerJobDeps, runner: Runner, lease: Lease): Promise<{ stream: Readable; size: number | null }> {
  const { row } = await held(deps, runner, lease);
  const video = await deps.repos.videoMedia.find(videoIdOf(row));
  if (!video) throw conflict(`The video of job ${row.id} was deleted`);
  const stat = await deps.storage.stat(video.source_key);
  return { stream: await deps.storage.read(video.source_key), size: stat?.size ?? null };
}

/** The runner probed the source: the record half records it and says what to make. */
export async function planRunnerJob(deps: RunnerJobDeps, runner: Runner, lease: Lease, probe: VideoProbe): Promise<TranscodePlan> {
  return step(deps, runner, lease, async (_session, row, holder) => {
    const session = await deps.remoteTranscodes.begin(row, holder);
    return session.record.plan(probe);
  });
}

/** How far ffmpeg is (0..1); also what keeps the lease when nothing else is sent. */
export async function reportRunnerProgress(deps: RunnerJobDeps, runner: Runner, lease: Lease, fraction: number): Promise<void> {
  await step(deps, runner, lease, async (session) => (await session()).record.progress(fraction));
}

const UPLOAD_NAME = /^(\d{1,4})\.(mp4|m3u8)$/;

/** One file of a finished rung (`<height>.mp4` or `<height>.m3u8`) into the lease's folder, at most `maxBytes`. */
export async function takeRunnerFile(deps: RunnerJobDeps, runner: Runner, lease: Lease, input: { name: string; body: Readable; maxBytes: number }): Promise<{ size: number }> {
  if (!UPLOAD_NAME.test(input.name)) throw invalid(`A rung's file is named <height>.mp4 or <height>.m3u8, not '${input.name}'`);
  return step(deps, runner, lease, async (session) => {
    const { dir } = await session();
    await mkdir(dir, { recursive: true });
    const partial = join(dir, `${input.name}.part`);
    let size = 0;
    input.body.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > input.maxBytes) input.body.destroy(invalid(`A rung's file is at most ${input.maxBytes} bytes`));
    });
    await pipeline(input.body, createWriteStream(partial));
    await rename(partial, join(dir, input.name));
    return { size };
  });
}

/** The streamed rung grew: its new bytes (from `offset`), written into the lease's copy of the growing file, then published. */
export async function takeRunnerFragments(
  deps: RunnerJobDeps,
  runner: Runner,
  lease: Lease,
  input: { height: number; playlist: MediaPlaylist; offset: number; bytes: Buffer; published: number },
): Promise<{ published: number }> {
  const { playlist } = input;
  const end = input.offset + input.bytes.length;
  // Every range the API will publish must be in the bytes it holds: these, or sent before.
  if (playlist.segments.some((segment) => segment.offset + segment.length > end) || playlist.map.offset + playlist.map.length > end) {
    throw invalid("The streamed rung's playlist names bytes that were not sent");
  }
  return step(deps, runner, lease, async (_session, row, holder) => {
    const session = await deps.remoteTranscodes.session(row, holder, input.published);
    await mkdir(session.dir, { recursive: true });
    const path = join(session.dir, `growing-${input.height}.mp4`);
    // Written at its offsets, so every byte range the playlist names is where publishing reads it.
    const file = await open(path, 'r+').catch(() => open(path, 'w+'));
    try {
      await file.write(input.bytes, 0, input.bytes.length, input.offset);
    } finally {
      await file.close();
    }
    session.facts ??= await variantFacts(path, playlist.map).catch(() => null);
    if (!session.facts) throw invalid("The streamed rung's init section is not in yet: send it with the first fragments");
    await session.record.fragments({ height: input.height, path, playlist, facts: session.facts });
    return { published: session.record.fragmentsPublished };
  });
}

/** A rung is complete: its two uploaded files are read back (playlist, codecs) and published. */
export async function takeRunnerRendition(deps: RunnerJobDeps, runner: Runner, lease: Lease, input: { height: number; encodeSeconds: number }): Promise<void> {
  await step(deps, runner, lease, async (session) => {
    const { dir, record } = await session();
    let rendition;
    try {
      rendition = await readRendition(input.height, dir, input.encodeSeconds);
    } catch (error) {
      throw invalid(`The ${input.height}p rung's files are missing or unreadable: ${(error as Error).message}`);
    }
    await record.rendition(rendition);
  });
}

/** Every rung is in: the video is ready and the job done. */
export async function finishRunnerJob(deps: RunnerJobDeps, runner: Runner, lease: Lease): Promise<{ rungs: number[] }> {
  return step(deps, runner, lease, async (session, row, holder) => {
    const report = await (await session()).record.finish();
    if (!(await deps.repos.jobs.markDone(row.id, holder))) throw conflict(`Job ${row.id} was taken back before it could be settled`);
    await deps.remoteTranscodes.end(row.id);
    await deps.events.publish('runner.jobSettled', { runnerId: runner.id, jobId: row.id, videoId: videoIdOf(row), outcome: 'done' });
    deps.log.info({ jobId: row.id, runner: runner.name, rungs: report.rungs }, 'remote job done');
    return { rungs: report.rungs ?? [] };
  });
}

/** The runner could not finish: another attempt after the job's backoff, or failed for good (the video shows it). */
export async function failRunnerJob(deps: RunnerJobDeps, runner: Runner, lease: Lease, error: string): Promise<{ outcome: 'retry' | 'failed' }> {
  const { row, holder } = await held(deps, runner, lease);
  const message = `runner ${runner.name}: ${error}`;
  let outcome: 'retry' | 'failed';
  if (row.attempts < row.max_attempts) {
    if (!(await deps.repos.jobs.markRetry(row.id, message, new Date(Date.now() + transcodeJob.backoffMs(row.attempts)), holder))) throw conflict(`Job ${row.id} was taken back`);
    outcome = 'retry';
  } else {
    if (!(await deps.repos.jobs.markFailed(row.id, message, holder))) throw conflict(`Job ${row.id} was taken back`);
    await transcodeFailed(deps, videoIdOf(row), message);
    outcome = 'failed';
  }
  await deps.remoteTranscodes.end(row.id);
  await deps.events.publish('runner.jobSettled', { runnerId: runner.id, jobId: row.id, videoId: videoIdOf(row), outcome });
  deps.log.warn({ jobId: row.id, runner: runner.name, err: error, outcome }, 'remote job failed');
  return { outcome };
}
