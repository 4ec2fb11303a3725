// Runs one claimed job through its handler and records the outcome in the jobs table.
// Shared by the in-process queue and the BullMQ worker so both behave the same.
import type { JobRepository, JobRow } from '../db/repositories/jobs.js';
import { JobCancelled, type JobDeps, type JobHandler, type JobHandlers, JobInterrupted, type JobReport, type JobType } from './types.js';

export type Outcome = 'done' | 'cancelled' | 'interrupted' | { error: string };
export type Settled = 'done' | 'cancelled' | 'interrupted' | 'retry' | 'failed';

function handlerOf(handlers: JobHandlers, type: string): JobHandler<JobType> | undefined {
  return (handlers as Record<string, JobHandler<JobType>>)[type];
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What every log line of a job carries: its id, type, attempt and the payload's ids (a push's message text stays out of the logs). */
function jobFields(row: JobRow): Record<string, unknown> {
  let payload: Record<string, unknown> = {};
  try {
    payload = JSON.parse(row.payload) as Record<string, unknown>;
  } catch {
    /* the handler reports it */
  }
  const ids = Object.fromEntries(Object.entries(payload).filter(([, value]) => typeof value !== 'object'));
  return { jobId: row.id, type: row.type, attempt: row.attempts, ...ids };
}

/** Runs the job with a log line at its start and one at its end: done (with its report), failed, cancelled or interrupted. */
export async function runJob(deps: JobDeps, handlers: JobHandlers, store: JobRepository, row: JobRow, outer: AbortSignal): Promise<Outcome> {
  const fields = jobFields(row);
  deps.log.info(fields, 'job started');
  const started = performance.now();
  const { outcome, report } = await runHandler(deps, handlers, store, row, outer);
  const seconds = (performance.now() - started) / 1000;
  const label = typeof outcome === 'object' ? 'error' : outcome;
  deps.metrics?.jobDuration.observe({ type: row.type, outcome: label }, seconds);
  const ended = { ...fields, durationMs: Math.round(seconds * 1000) };
  if (typeof outcome === 'object') deps.log.warn({ ...ended, err: outcome.error }, 'job failed');
  else if (outcome === 'done') deps.log.info({ ...ended, ...report }, 'job done');
  else deps.log.info(ended, outcome === 'cancelled' ? 'job cancelled' : 'job interrupted');
  return outcome;
}

async function runHandler(deps: JobDeps, handlers: JobHandlers, store: JobRepository, row: JobRow, outer: AbortSignal): Promise<{ outcome: Outcome; report?: JobReport }> {
  const handler = handlerOf(handlers, row.type);
  if (!handler) return { outcome: { error: `no handler for job type '${row.type}'` } };
  const controller = new AbortController();
  const forward = () => controller.abort(outer.reason);
  if (outer.aborted) forward();
  else outer.addEventListener('abort', forward, { once: true });
  const stopped = () => (controller.signal.reason instanceof JobInterrupted ? 'interrupted' : 'cancelled');
  try {
    const report = await handler.run(deps, {
      id: row.id,
      payload: JSON.parse(row.payload),
      attempt: row.attempts,
      signal: controller.signal,
      progress: async (percent) => {
        if (controller.signal.aborted) return;
        if (!(await store.setProgress(row.id, percent))) controller.abort(new JobCancelled());
      },
    });
    return controller.signal.aborted ? { outcome: stopped() } : { outcome: 'done', report: report ?? undefined };
  } catch (error) {
    if (controller.signal.aborted) return { outcome: stopped() };
    return { outcome: { error: describe(error) } };
  } finally {
    outer.removeEventListener('abort', forward);
  }
}

/**
 * Records the outcome in the row. A retry is due after the handler's backoff: the in-process
 * queue waits for run_at; BullMQ uses the same backoff through its custom strategy.
 */
export async function settleJob(deps: JobDeps, handlers: JobHandlers, store: JobRepository, row: JobRow, outcome: Outcome): Promise<Settled> {
  if (outcome === 'done') {
    await store.markDone(row.id);
    return 'done';
  }
  if (outcome === 'cancelled') return 'cancelled';
  if (outcome === 'interrupted') {
    await store.requeueInterrupted(row.id);
    return 'interrupted';
  }
  const handler = handlerOf(handlers, row.type);
  if (handler && row.attempts < row.max_attempts) {
    const delay = handler.backoffMs(row.attempts);
    deps.log.warn({ ...jobFields(row), retryInMs: delay }, 'job will be retried');
    await store.markRetry(row.id, outcome.error, new Date(Date.now() + delay));
    return 'retry';
  }
  deps.log.error({ ...jobFields(row), err: outcome.error }, 'job failed for good');
  await store.markFailed(row.id, outcome.error);
  await failed(deps, handlers, row, outcome.error);
  return 'failed';
}

/** Lets the handler show the failure (e.g. the video's status) once no retry is left. */
export async function failed(deps: JobDeps, handlers: JobHandlers, row: JobRow, error: string): Promise<void> {
  try {
    await handlerOf(handlers, row.type)?.onFailed?.(deps, JSON.parse(row.payload), error);
  } catch (failure) {
    deps.log.error({ jobId: row.id, err: describe(failure) }, 'job failure handler failed');
  }
}
