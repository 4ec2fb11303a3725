// The job queue: BullMQ when REDIS_URL is set, otherwise the jobs table in this process.
// Either way the jobs table holds each job's state and progress.
import { BullJobQueue } from './bullQueue.js';
import { jobHandlers } from './handlers/index.js';
import { LocalJobQueue } from './localQueue.js';
import type { JobHandlers, JobLane, JobQueue, JobType, QueueDeps } from './types.js';

export type { JobQueue, QueueDeps } from './types.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

export interface QueueOptions {
  /** Take jobs in this process; false = only enqueue (a worker elsewhere runs them). */
  process: boolean;
  handlers?: JobHandlers;
  pollMs?: number;
  /** The lanes this process takes jobs from (default: every lane); without ffmpeg, not `media`. */
  lanes?: readonly JobLane[];
  /** Job types remote runners take over the API (TRANSCODE_RUNNERS=remote): recorded, never run here, never handed to BullMQ. */
  remoteTypes?: readonly JobType[];
}

export function createJobQueue(deps: QueueDeps, options: QueueOptions): JobQueue {
  const handlers = options.handlers ?? jobHandlers;
  const remoteTypes = options.remoteTypes ?? [];
  if (deps.redis) return new BullJobQueue(deps, handlers, { process: options.process, redis: deps.redis, queueName: deps.config.jobsQueueName, lanes: options.lanes, remoteTypes });
  return new LocalJobQueue(deps, handlers, { process: options.process, pollMs: options.pollMs, lanes: options.lanes, remoteTypes });
}
