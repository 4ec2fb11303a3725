// The queue with REDIS_URL: BullMQ carries the jobs (so `npm run worker` on other machines can
// take them; BullMQ re-delivers jobs whose worker died), while the jobs table keeps the state
// and progress the API shows. BullMQ's job id is the row id.
// While Redis is away, enqueue() records the row and returns at once; every unfinished row is
// handed to BullMQ when Redis is back (ids already there are ignored by it).
// Each lane (types.ts) is its own BullMQ queue with its own worker, so a push never waits behind
// a transcode: the media lane is JOBS_QUEUE, the messages lane JOBS_QUEUE-messages.
import { DelayedError, type Job, Queue, UnrecoverableError, WaitingError, Worker } from 'bullmq';
import type { RedisLink } from '../redis/redisLink.js';
import { type Outcome, runJob, type Settled, settleJob } from './runner.js';
import type { JobRow, JobRepository } from '../db/repositories/jobs.js';
import {
  JOB_LANES,
  JobCancelled,
  type EnqueueOptions,
  type JobDeps,
  type QueueDeps,
  type JobHandlers,
  JobInterrupted,
  type JobLane,
  type JobPayloads,
  type JobQueue,
  type JobType,
  LANE_CONCURRENCY,
  typesOfLane,
} from './types.js';

export interface BullQueueOptions {
  process: boolean;
  redis: RedisLink;
  queueName: string;
  /** The lanes taken here (default: every lane). */
  lanes?: readonly JobLane[];
  /** Types left for remote runners: only recorded in the jobs table (runners claim them there), never handed to BullMQ. */
  remoteTypes?: readonly JobType[];
}

/** BullMQ's priority for background job types (any priority runs after the jobs that have none). */
const BACKGROUND_PRIORITY = 10;

/** A job of another deployment found on this queue goes back for this long, for that deployment's workers to take. */
const FOREIGN_JOB_DELAY_MS = 5000;

/**
 * A job of a type this process has no handler for (queued by a newer version during a rolling
 * upgrade) goes back for this long, for a process that knows the type to take it.
 */
const UNKNOWN_TYPE_DELAY_MS = 5000;

/** What a BullMQ job carries besides its id (the row id): enough to name it in a log without the row. */
interface BullJobData {
  type: string;
  /** The deployment id of the database the row is in (server/deployment/identity.ts). */
  deployment?: string;
  videoId?: string;
}

/** How long an enqueue waits for BullMQ before leaving the job to the hand-over on reconnect. */
const ADD_TIMEOUT_MS = 2000;

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_resolve, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer from Redis within ${ms} ms`)), ms))),
  ]).finally(() => clearTimeout(timer));
}

export class BullJobQueue implements JobQueue {
  private readonly queues = new Map<JobLane, Queue>();
  private stopWatching: (() => void) | null = null;
  private announcing: Promise<void> | null = null;
  private readonly workers = new Map<JobLane, Worker>();
  private readonly running = new Map<string, { controller: AbortController; finished: Promise<void> }>();
  /** The unknown job types already logged: one warning per type, not one per bounce. */
  private readonly unknownTypesSeen = new Set<string>();

  /** Complete from the start: handlers queue follow-up jobs on this queue. */
  private readonly deps: JobDeps;

  constructor(
    deps: QueueDeps,
    private readonly handlers: JobHandlers,
    private readonly options: BullQueueOptions,
  ) {
    this.deps = { ...deps, jobs: this };
  }

  private get store(): JobRepository {
    return this.deps.repos.jobs;
  }

  private isRemote(type: string): boolean {
    return this.options.remoteTypes?.includes(type as JobType) ?? false;
  }

  private get redis(): RedisLink {
    return this.options.redis;
  }

  private queueName(lane: JobLane): string {
    return lane === 'media' ? this.options.queueName : `${this.options.queueName}-${lane}`;
  }

  private laneOf(type: string): JobLane {
    return (this.handlers as Partial<Record<string, { lane?: JobLane }>>)[type]?.lane ?? 'media';
  }

  private bull(lane: JobLane): Queue {
    let queue = this.queues.get(lane);
    if (!queue) {
      // BullMQ needs maxRetriesPerRequest: null (its blocking commands must not time out).
      queue = new Queue(this.queueName(lane), { connection: this.redis.client({ maxRetriesPerRequest: null }) });
      this.queues.set(lane, queue);
    }
    return queue;
  }

  private deploymentId: Promise<string> | null = null;

  /** This database's deployment id, which every job carries: a worker of another deployment on the same queue can tell. */
  private deployment(): Promise<string> {
    const id = (this.deploymentId ??= this.deps.repos.deployment.ensureId());
    id.catch(() => (this.deploymentId = null)); // asked again next time
    return id;
  }

  private async add(row: Pick<JobRow, 'id' | 'type' | 'max_attempts' | 'payload'>): Promise<void> {
    // BullMQ takes jobs without a priority before any with one: background work waits.
    const background = this.handlers[row.type as JobType]?.background ? { priority: BACKGROUND_PRIORITY } : {};
    const { videoId } = JSON.parse(row.payload) as { videoId?: unknown };
    const data: BullJobData = { type: row.type, deployment: await this.deployment(), ...(typeof videoId === 'string' ? { videoId } : {}) };
    await this.bull(this.laneOf(row.type)).add(
      row.type,
      data,
      // Removed once settled: the jobs table is the record, and a reused id can be queued again.
      { jobId: row.id, attempts: row.max_attempts, backoff: { type: 'custom' }, removeOnComplete: true, removeOnFail: true, ...background },
    );
  }

  async enqueue<T extends JobType>(type: T, payload: JobPayloads[T], options: EnqueueOptions = {}): Promise<string> {
    const maxAttempts = this.handlers[type].maxAttempts;
    const id = await this.store.insert({ id: options.id, type, payload, maxAttempts });
    if (this.isRemote(type)) return id;
    if (!this.redis.isUp) {
      this.deps.log.warn({ jobId: id, type }, 'job recorded; Redis is away, BullMQ gets it on reconnect');
      return id;
    }
    try {
      await within(this.add({ id, type, max_attempts: maxAttempts, payload: JSON.stringify(payload) }), ADD_TIMEOUT_MS, 'enqueue');
    } catch (error) {
      this.deps.log.warn({ jobId: id, type, err: (error as Error).message }, 'job recorded; BullMQ gets it on reconnect');
    }
    return id;
  }

  async cancel(jobId: string): Promise<void> {
    await this.store.remove(jobId);
    // An active job is locked by its worker; that worker notices the missing row and stops. While
    // Redis is away BullMQ may still hold the id: its worker finds no row and does nothing.
    if (this.redis.isUp) await within(Promise.all(JOB_LANES.map((lane) => this.bull(lane).remove(jobId))), ADD_TIMEOUT_MS, 'cancel').catch(() => 0);
    const running = this.running.get(jobId);
    if (running) {
      running.controller.abort(new JobCancelled());
      await running.finished;
    }
  }

  /**
   * Hands every unfinished row to BullMQ: covers a crash between the row insert and the add, a
   * flushed Redis, and jobs recorded while Redis was away. Ids already in BullMQ are ignored by it.
   */
  private announceUnfinished(): Promise<void> {
    this.announcing ??= (async () => {
      try {
        const rows = (await this.store.unfinished()).filter((row) => !this.isRemote(row.type));
        for (const row of rows) await within(this.add(row), ADD_TIMEOUT_MS, 'hand-over');
        if (rows.length) this.deps.log.info({ jobs: rows.length }, 'unfinished jobs handed to BullMQ');
      } catch (error) {
        this.deps.log.warn({ err: (error as Error).message }, 'handing unfinished jobs to BullMQ failed; tried again on reconnect');
      } finally {
        this.announcing = null;
      }
    })();
    return this.announcing;
  }

  async start(): Promise<void> {
    this.stopWatching ??= this.redis.onChange((up) => void (up && this.announceUnfinished()));
    // Without Redis right now: the start goes on, and the hand-over runs when it is back.
    if (this.redis.isUp || (await this.redis.waitUntilUp(ADD_TIMEOUT_MS))) await this.announceUnfinished();
    if (!this.options.process || this.workers.size) return;
    for (const lane of this.options.lanes ?? JOB_LANES) if (typesOfLane(this.handlers, lane).length) this.startWorker(lane);
  }

  private startWorker(lane: JobLane): void {
    const worker = new Worker(this.queueName(lane), (job, token) => this.process(job, token), {
      connection: this.redis.client({ maxRetriesPerRequest: null }),
      concurrency: LANE_CONCURRENCY[lane],
      // A dead worker's job is taken again within about 1.5 x JOB_LOCK_MS (BullMQ's default: up
      // to 60 s). The lock is renewed every half of it while ffmpeg runs in its own process.
      lockDuration: this.deps.config.jobLockMs,
      stalledInterval: Math.max(1000, Math.round(this.deps.config.jobLockMs / 2)),
      maxStalledCount: 2,
      settings: {
        backoffStrategy: (attemptsMade, _type, _error, job) => {
          const type = (job?.name ?? 'transcode') as JobType;
          return this.handlers[type]?.backoffMs(attemptsMade) ?? 5000;
        },
      },
    });
    worker.on('stalled', (jobId) => this.deps.log.warn({ jobId }, 'job left running by a dead or stuck worker: taken again'));
    // Connection errors while Redis is away are the RedisLink's to report (once).
    worker.on('error', (error) => this.redis.isUp && this.deps.log.error({ err: error.message }, 'BullMQ worker error'));
    this.workers.set(lane, worker);
  }

  async stop(): Promise<void> {
    this.stopWatching?.();
    this.stopWatching = null;
    for (const running of this.running.values()) running.controller.abort(new JobInterrupted());
    // Closing waits for Redis; without it, the connections are dropped by RedisLink.close().
    const up = this.redis.isUp;
    const closing = [...[...this.workers.values()].map((worker) => worker.close(!up)), ...[...this.queues.values()].map((queue) => queue.close())];
    await within(Promise.all(closing), up ? 30_000 : ADD_TIMEOUT_MS, 'stop').catch(() => undefined);
    // A forced close, or one past its time, does not wait for the job in hand nor for a hand-over:
    // both still use the jobs table, and the database closes right after this.
    await Promise.all([...[...this.running.values()].map((running) => running.finished), this.announcing]);
    this.workers.clear();
    this.queues.clear();
  }

  private async process(job: Job, token?: string): Promise<void> {
    const id = job.id!;
    const data = job.data as BullJobData;
    const mine = await this.deployment();
    if (data.deployment && data.deployment !== mine) {
      // Another deployment's job on this queue (two deployments given one JOBS_QUEUE on one Redis):
      // its row is in the other database. Left for that deployment's workers, nothing marked.
      this.deps.log.warn(
        { jobId: id, type: data.type, videoId: data.videoId, jobDeployment: data.deployment, deployment: mine, queue: job.queueName },
        'job of another deployment on this queue: left for it (give each deployment its own JOBS_QUEUE, or leave it unset)',
      );
      await job.moveToDelayed(Date.now() + FOREIGN_JOB_DELAY_MS, token);
      throw new DelayedError();
    }
    if (!Object.hasOwn(this.handlers, data.type)) {
      // Without its row (cancelled, or a database restored from before the newer version): nothing to keep.
      if (!(await this.store.get(id))) {
        this.deps.log.warn({ jobId: id, type: data.type }, 'job of an unknown type has no row in the jobs table: dropped as cancelled');
        return;
      }
      // Queued by a newer version beside this one: failing it would lose it for good. It goes back,
      // untouched (no attempt spent, the row stays queued), until a process that knows it takes it.
      if (!this.unknownTypesSeen.has(data.type)) {
        this.unknownTypesSeen.add(data.type);
        this.deps.log.warn(
          { jobId: id, type: data.type, queue: job.queueName },
          'job of a type this version has no handler for: left for a process that knows it (a newer version of Vidshare)',
        );
      }
      await job.moveToDelayed(Date.now() + UNKNOWN_TYPE_DELAY_MS, token);
      throw new DelayedError();
    }
    if (!(await this.store.markRunning(id, job.attemptsMade + 1))) {
      // The row is gone: the job was cancelled (its BullMQ entry outlived the cancel while Redis was away).
      this.deps.log.warn({ jobId: id, type: data.type, videoId: data.videoId }, 'job has no row in the jobs table: dropped as cancelled');
      return;
    }
    const row = await this.store.get(id);
    if (!row) return;
    const controller = new AbortController();
    let markFinished = () => {};
    this.running.set(id, { controller, finished: new Promise<void>((resolve) => (markFinished = resolve)) });
    let outcome: Outcome;
    let settled: Settled;
    try {
      outcome = await runJob(this.deps, this.handlers, this.store, row, controller.signal);
      settled = await settleJob(this.deps, this.handlers, this.store, row, outcome);
    } finally {
      // Finished once the outcome is in the jobs table; what is left only talks to Redis.
      this.running.delete(id);
      markFinished();
    }
    if (settled === 'interrupted') {
      // Shutting down: hand the job back without spending an attempt.
      await job.moveToWait(token);
      throw new WaitingError();
    }
    if (settled === 'retry') throw new Error(typeof outcome === 'object' ? outcome.error : 'job failed');
    if (settled === 'failed') throw new UnrecoverableError(typeof outcome === 'object' ? outcome.error : 'job failed');
  }
}
