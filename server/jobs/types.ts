// Background jobs: a typed {type, payload} union, one handler per type, and what handlers may use.
import type { Config } from '../config.js';
import type { Repositories } from '../db/repositories/index.js';
import type { MediaStorage } from '../media/storage.js';
import type { LiveEvents } from '../realtime/live.js';
import type { Metrics } from '../metrics/metrics.js';
import type { RedisLink } from '../redis/redisLink.js';

export interface JobPayloads {
  transcode: { videoId: string };
  /** Issue 16's migration: HLS playlists for renditions made before them (remux, else re-queue the transcode). */
  'package-hls': { videoId: string };
}
export type JobType = keyof JobPayloads;

export interface JobLogger {
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}

/** What a handler may touch. The Fastify app satisfies it; the worker process builds its own. */
export interface JobDeps {
  config: Config;
  /** The jobs table (`jobs`, server/jobs/store.ts) and the repositories handlers use. */
  repos: Pick<Repositories, 'jobs' | 'videoMedia' | 'notifications'>;
  storage: MediaStorage;
  live: LiveEvents;
  log: JobLogger;
  /** With REDIS_URL: the jobs travel through BullMQ on it. */
  redis: RedisLink | null;
  /** Job durations and transcode times go here when present. */
  metrics?: Metrics;
  /** For jobs that queue follow-up jobs (the app's queue; the worker sets its own). */
  jobs?: Pick<JobQueue, 'enqueue'>;
}

export interface JobContext<T extends JobType> {
  id: string;
  payload: JobPayloads[T];
  /** 1 for the first try. */
  attempt: number;
  /** Aborted when the job is cancelled (its row deleted) or the process shuts down. */
  signal: AbortSignal;
  /** Stores 0..100 in the job row; aborts `signal` when the row is gone (cancelled elsewhere). */
  progress(percent: number): Promise<void>;
}

export interface JobHandler<T extends JobType> {
  maxAttempts: number;
  /** Delay before retry number `attempt` + 1. */
  backoffMs(attempt: number): number;
  run(deps: JobDeps, job: JobContext<T>): Promise<void>;
  /** After the last attempt failed. */
  onFailed?(deps: JobDeps, payload: JobPayloads[T], error: string): Promise<void>;
}

export type JobHandlers = { [T in JobType]: JobHandler<T> };

export interface EnqueueOptions {
  /** A stable id (one job per subject, e.g. per video); a new one otherwise. */
  id?: string;
}

export interface JobQueue {
  enqueue<T extends JobType>(type: T, payload: JobPayloads[T], options?: EnqueueOptions): Promise<string>;
  /** Deletes the job and, if it is running here, stops it and waits until it has stopped. */
  cancel(jobId: string): Promise<void>;
  /** Starts processing (when this process runs jobs) and resumes jobs left by a crash. */
  start(): Promise<void>;
  /** Stops taking jobs; a running job is interrupted and goes back to the queue. */
  stop(): Promise<void>;
}

/** Abort reasons, so the runner can tell a cancel from a shutdown. */
export class JobCancelled extends Error {
  constructor() {
    super('job cancelled');
    this.name = 'JobCancelled';
  }
}
export class JobInterrupted extends Error {
  constructor() {
    super('job interrupted by shutdown');
    this.name = 'JobInterrupted';
  }
}
