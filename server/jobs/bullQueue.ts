// The queue with REDIS_URL: BullMQ carries the jobs (so `npm run worker` on other machines can
// take them; BullMQ re-delivers jobs whose worker died), while the jobs table keeps the state
// and progress the API shows. BullMQ's job id is the row id.
import { type Job, Queue, UnrecoverableError, WaitingError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { runJob, settleJob } from './runner.js';
import { type JobRow, JobStore } from './store.js';
import {
  JobCancelled,
  type EnqueueOptions,
  type JobDeps,
  type JobHandlers,
  JobInterrupted,
  type JobPayloads,
  type JobQueue,
  type JobType,
} from './types.js';

export interface BullQueueOptions {
  process: boolean;
  redisUrl: string;
  queueName: string;
}

export class BullJobQueue implements JobQueue {
  private readonly connections: Redis[] = [];
  private queue: Queue | null = null;
  private worker: Worker | null = null;
  private readonly running = new Map<string, { controller: AbortController; finished: Promise<void> }>();

  constructor(
    private readonly deps: JobDeps,
    private readonly handlers: JobHandlers,
    private readonly options: BullQueueOptions,
  ) {}

  private get store(): JobStore {
    return new JobStore(this.deps.db.db);
  }

  private connect(): Redis {
    // BullMQ needs maxRetriesPerRequest: null (its blocking commands must not time out).
    const connection = new Redis(this.options.redisUrl, { maxRetriesPerRequest: null });
    this.connections.push(connection);
    return connection;
  }

  private get bull(): Queue {
    this.queue ??= new Queue(this.options.queueName, { connection: this.connect() });
    return this.queue;
  }

  private async add(row: Pick<JobRow, 'id' | 'type' | 'max_attempts'>): Promise<void> {
    await this.bull.add(
      row.type,
      { type: row.type },
      // Removed once settled: the jobs table is the record, and a reused id can be queued again.
      { jobId: row.id, attempts: row.max_attempts, backoff: { type: 'custom' }, removeOnComplete: true, removeOnFail: true },
    );
  }

  async enqueue<T extends JobType>(type: T, payload: JobPayloads[T], options: EnqueueOptions = {}): Promise<string> {
    const maxAttempts = this.handlers[type].maxAttempts;
    const id = await this.store.insert({ id: options.id, type, payload, maxAttempts });
    await this.add({ id, type, max_attempts: maxAttempts });
    return id;
  }

  async cancel(jobId: string): Promise<void> {
    await this.store.remove(jobId);
    // An active job is locked by its worker; that worker notices the missing row and stops.
    await this.bull.remove(jobId).catch(() => 0);
    const running = this.running.get(jobId);
    if (running) {
      running.controller.abort(new JobCancelled());
      await running.finished;
    }
  }

  async start(): Promise<void> {
    // Re-announce unfinished rows: covers a crash between the row insert and the add, or a
    // flushed Redis. Ids already in BullMQ are ignored by it.
    for (const row of await this.store.unfinished()) await this.add(row);
    if (!this.options.process || this.worker) return;
    this.worker = new Worker(this.options.queueName, (job, token) => this.process(job, token), {
      connection: this.connect(),
      concurrency: 1,
      settings: {
        backoffStrategy: (attemptsMade, _type, _error, job) => {
          const type = (job?.name ?? 'transcode') as JobType;
          return this.handlers[type]?.backoffMs(attemptsMade) ?? 5000;
        },
      },
    });
    this.worker.on('error', (error) => this.deps.log.error({ err: error.message }, 'BullMQ worker error'));
  }

  async stop(): Promise<void> {
    for (const running of this.running.values()) running.controller.abort(new JobInterrupted());
    await this.worker?.close();
    await this.queue?.close();
    await Promise.all(this.connections.map((connection) => connection.quit().catch(() => undefined)));
    this.worker = null;
    this.queue = null;
    this.connections.length = 0;
  }

  private async process(job: Job, token?: string): Promise<void> {
    const id = job.id!;
    if (!(await this.store.markRunning(id, job.attemptsMade + 1))) return; // cancelled: nothing to do
    const row = await this.store.get(id);
    if (!row) return;
    const controller = new AbortController();
    let markFinished = () => {};
    this.running.set(id, { controller, finished: new Promise<void>((resolve) => (markFinished = resolve)) });
    try {
      const outcome = await runJob(this.deps, this.handlers, this.store, row, controller.signal);
      const settled = await settleJob(this.deps, this.handlers, this.store, row, outcome);
      if (settled === 'interrupted') {
        // Shutting down: hand the job back without spending an attempt.
        await job.moveToWait(token);
        throw new WaitingError();
      }
      if (settled === 'retry') throw new Error(typeof outcome === 'object' ? outcome.error : 'job failed');
      if (settled === 'failed') throw new UnrecoverableError(typeof outcome === 'object' ? outcome.error : 'job failed');
    } finally {
      this.running.delete(id);
      markFinished();
    }
  }
}
