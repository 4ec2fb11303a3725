// Background jobs: a typed {type, payload} union, one handler per type, and what handlers may use.
import type { Config } from '../config.js';
import type { DomainEventBus } from '../domain/eventBus.js';
import type { Repositories } from '../db/repositories/index.js';
import type { MediaStorage } from '../media/storage.js';
import type { Metrics } from '../metrics/metrics.js';
import type { RedisLink } from '../redis/redisLink.js';

export interface JobPayloads {
  /** `redo`: make every rung again, even those already packaged (an operator's requeue). */
  transcode: { videoId: string; redo?: boolean };
  /** The migration to HLS: playlists for renditions made before them (remux, else re-queue the transcode). */
  'package-hls': { videoId: string };
  /**
   * One notification to one device's push subscription. Ids only: the message is made when it is
   * sent, from the notification as its recipient may see it then (a video taken down meanwhile
   * has lost its title and thumbnail).
   */
  'deliver-push': { subscriptionId: string; notificationId: string };
  /** Backfill: the slow-link rungs (240p, 144p) for a video transcoded before they existed, from its lowest main rung. */
  'slow-link-rungs': { videoId: string };
  /** Folds the waiting watch heartbeats into the analytics rollups (one job id: one at a time). */
  'analytics-rollup': Record<string, never>;
}
export type JobType = keyof JobPayloads;

/** Every job type this version has (the record makes a new type in JobPayloads a compile error until listed). */
const JOB_TYPES: Record<JobType, true> = { transcode: true, 'package-hls': true, 'deliver-push': true, 'slow-link-rungs': true, 'analytics-rollup': true };

/** Whether this version knows the type (a job row may hold one of a newer version sharing the database). */
export function isJobType(type: string): type is JobType {
  return Object.hasOwn(JOB_TYPES, type);
}

/**
 * Which line a job waits in. `media` jobs (transcoding) run one at a time: ffmpeg uses every core.
 * `messages` jobs are short network calls (pushes) that must not wait behind a transcode: their
 * own line runs several at once.
 */
export type JobLane = 'media' | 'messages';
export const JOB_LANES: readonly JobLane[] = ['media', 'messages'];
/** How many jobs of a lane one process runs at once. */
export const LANE_CONCURRENCY: Record<JobLane, number> = { media: 1, messages: 4 };

export interface JobLogger {
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}

/** What a handler may touch. The Fastify app satisfies it; the worker process builds its own. */
export interface JobDeps {
  config: Config;
  /** The jobs table (`jobs`, server/db/repositories/jobs.ts), the deployment id jobs carry, and the repositories handlers use. */
  repos: Pick<Repositories, 'jobs' | 'videoMedia' | 'pushSubscriptions' | 'notifications' | 'deployment' | 'analytics'>;
  storage: MediaStorage;
  /** What jobs publish (progress, qualities, a published video); subscribers react. */
  events: DomainEventBus;
  log: JobLogger;
  /** With REDIS_URL: the jobs travel through BullMQ on it. */
  redis: RedisLink | null;
  /** Job durations go here when present. */
  metrics?: Metrics;
  /** For jobs that queue follow-up jobs: the queue running them (it hands itself in, see QueueDeps). */
  jobs: Pick<JobQueue, 'enqueue'>;
}

/** What a queue is built from: everything its handlers get but the queue itself, which it adds. */
export type QueueDeps = Omit<JobDeps, 'jobs'>;

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
  /** Default: media. */
  lane?: JobLane;
  maxAttempts: number;
  /** Background work (a backfill): taken only when no other job is due, so uploads never wait behind it. */
  background?: boolean;
  /** Delay before retry number `attempt` + 1. */
  backoffMs(attempt: number): number;
  /** Resolves with what the job did, for its log line (a transcode: the rungs it made). */
  run(deps: JobDeps, job: JobContext<T>): Promise<JobReport | void>;
  /** After the last attempt failed. */
  onFailed?(deps: JobDeps, payload: JobPayloads[T], error: string): Promise<void>;
}

export type JobHandlers = { [T in JobType]: JobHandler<T> };

/** The job types that wait until nothing else is due. */
export function backgroundTypes(handlers: JobHandlers): JobType[] {
  return (Object.keys(handlers) as JobType[]).filter((type) => handlers[type].background);
}

/** What a finished job did, logged with its end. */
export interface JobReport {
  /** The rungs it published (heights, best first). */
  rungs?: number[];
  /** The video was deleted meanwhile: the job stopped there. */
  videoDeleted?: boolean;
  /** package-hls handed the video to a transcode instead. */
  transcodeQueued?: boolean;
  /** What a push delivery came to (delivered, gone, already-delivered, ...). */
  push?: string;
  /** analytics-rollup: heartbeats folded, and raw rows pruned. */
  heartbeats?: number;
  pruned?: number;
}

/** The job types that wait in `lane`. */
export function typesOfLane(handlers: JobHandlers, lane: JobLane): JobType[] {
  return (Object.keys(handlers) as JobType[]).filter((type) => (handlers[type].lane ?? 'media') === lane);
}

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
