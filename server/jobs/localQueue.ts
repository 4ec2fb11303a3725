// The queue without Redis: the jobs table is the queue. Each lane (types.ts) has its own loops:
// one media job at a time (2 cores: ffmpeg already uses both), a few message jobs at once beside
// it. Loops are woken at once by enqueue() and poll for due retries and for jobs enqueued by
// other processes (an API node with RUN_JOBS_IN_PROCESS=false, `npm run seed`).
// A running job's lease (locked_at) is renewed while its process lives; a job whose lease ran
// out (its process died) is taken again by any process polling the table.
import { failed, runJob, settleJob } from './runner.js';
import type { JobRepository } from '../db/repositories/jobs.js';
import {
  backgroundTypes,
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

interface RunningJob {
  id: string;
  controller: AbortController;
  finished: Promise<void>;
}

export interface LocalQueueOptions {
  /** Take jobs in this process (false: only enqueue). */
  process: boolean;
  pollMs?: number;
  /** The lanes taken here (default: every lane). */
  lanes?: readonly JobLane[];
  /** Types left for remote runners: never claimed here. */
  remoteTypes?: readonly JobType[];
}

export class LocalJobQueue implements JobQueue {
  private readonly running = new Map<string, RunningJob>();
  private stopped = true;
  private loops: Promise<void>[] = [];
  private readonly wakers = new Set<() => void>();
  private readonly pollMs: number;
  private lastRecovery = 0;

  /** Complete from the start: handlers queue follow-up jobs on this queue. */
  private readonly deps: JobDeps;

  constructor(
    deps: QueueDeps,
    private readonly handlers: JobHandlers,
    private readonly options: LocalQueueOptions,
  ) {
    this.deps = { ...deps, jobs: this };
    this.pollMs = options.pollMs ?? 1000;
  }

  private get store(): JobRepository {
    return this.deps.repos.jobs;
  }

  async enqueue<T extends JobType>(type: T, payload: JobPayloads[T], options: EnqueueOptions = {}): Promise<string> {
    const id = await this.store.insert({ id: options.id, type, payload, maxAttempts: this.handlers[type].maxAttempts });
    this.wakeAll();
    return id;
  }

  private wakeAll(): void {
    for (const wake of this.wakers) wake(); // each removes itself: a Set iterates safely past that
  }

  async cancel(jobId: string): Promise<void> {
    await this.store.remove(jobId);
    const running = this.running.get(jobId);
    if (running) {
      running.controller.abort(new JobCancelled());
      await running.finished;
    }
  }

  /** Takes back the jobs of processes that died (lease older than JOB_LOCK_MS). */
  private async recoverAbandoned(): Promise<void> {
    this.lastRecovery = Date.now();
    const staleBefore = new Date(Date.now() - this.deps.config.jobLockMs).toISOString();
    const { requeued, exhausted } = await this.store.recoverAbandoned(staleBefore);
    for (const job of requeued) this.deps.log.warn({ jobId: job.id, type: job.type, attempt: job.attempts }, 'job left running by a dead or stuck worker: taken again');
    for (const job of exhausted) {
      this.deps.log.error({ jobId: job.id, type: job.type }, 'job left running by a dead worker with no attempt left: failed');
      await failed(this.deps, this.handlers, job, 'interrupted too many times');
    }
  }

  async start(): Promise<void> {
    if (!this.options.process || !this.stopped) return;
    await this.recoverAbandoned();
    this.stopped = false;
    for (const lane of this.options.lanes ?? JOB_LANES) {
      const types = typesOfLane(this.handlers, lane).filter((type) => !this.options.remoteTypes?.includes(type));
      if (!types.length) continue;
      for (let loop = 0; loop < LANE_CONCURRENCY[lane]; loop++) this.loops.push(this.work(types));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const running of this.running.values()) running.controller.abort(new JobInterrupted());
    this.wakeAll();
    await Promise.all(this.loops);
    this.loops = [];
  }

  private async work(types: readonly JobType[]): Promise<void> {
    while (!this.stopped) {
      let row;
      try {
        if (Date.now() - this.lastRecovery >= this.deps.config.jobLockMs / 2) await this.recoverAbandoned();
        row = await this.store.claimNext(types, backgroundTypes(this.handlers));
      } catch (error) {
        this.deps.log.error({ err: (error as Error).message }, 'job queue: cannot read the jobs table');
        await this.sleep(this.pollMs);
        continue;
      }
      if (!row) {
        await this.sleepUntilDue(types);
        continue;
      }
      const controller = new AbortController();
      let markFinished = () => {};
      const finished = new Promise<void>((resolve) => (markFinished = resolve));
      this.running.set(row.id, { id: row.id, controller, finished });
      const lease = setInterval(() => void this.store.heartbeat(row.id).catch(() => undefined), Math.max(250, this.deps.config.jobLockMs / 3));
      try {
        const outcome = await runJob(this.deps, this.handlers, this.store, row, controller.signal);
        await settleJob(this.deps, this.handlers, this.store, row, outcome);
      } catch (error) {
        this.deps.log.error({ jobId: row.id, err: (error as Error).message }, 'job queue: cannot record the outcome');
      } finally {
        clearInterval(lease);
        this.running.delete(row.id);
        markFinished();
      }
    }
  }

  private async sleepUntilDue(types: readonly JobType[]): Promise<void> {
    let wait = this.pollMs;
    try {
      const next = await this.store.nextRunAt(types);
      if (next !== null) wait = Math.max(10, Math.min(wait, next - Date.now()));
    } catch {
      /* polled again below */
    }
    await this.sleep(wait);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wakers = this.wakers;
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakers.delete(done);
        resolve();
      }
      wakers.add(done);
    });
  }
}
