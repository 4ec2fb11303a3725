// The jobs table: the durable truth about every job (state, progress, attempts), whichever
// queue carries it. Updates are guarded by state so that a cancelled (deleted) row stays gone.
import { sql } from 'kysely';
import { type DB, now } from '../kysely.js';
import type { JobsTable } from '../schema.js';
import { newId } from '../../ids.js';

export type JobRow = Omit<JobsTable, 'progress' | 'attempts' | 'max_attempts'> & { progress: number; attempts: number; max_attempts: number };

const MAX_ERROR_LENGTH = 2000;

/** One failed attempt of a job. */
export interface JobErrorRow {
  job_id: string;
  attempt: number;
  error: string;
  created_at: string;
}

/** A remote runner's lease on one attempt of a job. */
export interface LeaseHolder {
  runnerId: string;
  attempt: number;
}

export class JobRepository {
  constructor(private readonly db: DB) {}

  /** Inserts a queued job, or resets the job with the same id to queued. */
  async insert(job: { id?: string; type: string; payload: unknown; maxAttempts: number }): Promise<string> {
    const id = job.id ?? newId();
    const at = now();
    const payload = JSON.stringify(job.payload);
    const fresh = { state: 'queued' as const, payload, progress: 0, attempts: 0, max_attempts: job.maxAttempts, run_at: at, locked_at: null, last_error: null, updated_at: at, runner_id: null };
    await this.db
      .insertInto('jobs')
      .values({ id, type: job.type, created_at: at, ...fresh })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(fresh))
      .execute();
    return id;
  }

  /** The admin's view: jobs in one state (of one type, when given), most recently changed first; limit+1 rows. */
  list(filter: { state: JobRow['state']; type?: string }, window: { limit: number; offset: number }): Promise<JobRow[]> {
    let query = this.db.selectFrom('jobs').selectAll().where('state', '=', filter.state);
    if (filter.type) query = query.where('type', '=', filter.type);
    return query
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(window.limit + 1)
      .offset(window.offset)
      .execute() as Promise<JobRow[]>;
  }

  /** Every job type in the table (this version's and any other's), for the admin's filter. */
  async types(): Promise<string[]> {
    const rows = await this.db.selectFrom('jobs').select('type').distinct().orderBy('type').execute();
    return rows.map((row) => row.type);
  }

  /** The failed attempts of these jobs, oldest first. */
  errorsOf(jobIds: string[]): Promise<JobErrorRow[]> {
    if (!jobIds.length) return Promise.resolve([]);
    return this.db.selectFrom('job_errors').select(['job_id', 'attempt', 'error', 'created_at']).where('job_id', 'in', jobIds).orderBy('job_id').orderBy('id').execute();
  }

  get(id: string): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst() as Promise<JobRow | undefined>;
  }

  /**
   * Atomically takes the oldest due job of these types (safe with several processes on one
   * database); jobs of the `background` types only when no other job of these types is due.
   * `runnerId`: the remote runner the job's lease is handed to.
   */
  async claimNext(types: readonly string[], background: readonly string[] = [], runnerId: string | null = null): Promise<JobRow | null> {
    if (!types.length) return null;
    for (;;) {
      let query = this.db.selectFrom('jobs').select('id').where('state', '=', 'queued').where('type', 'in', types).where('run_at', '<=', now());
      if (background.length) query = query.orderBy(sql`case when type in (${sql.join(background)}) then 1 else 0 end`);
      const candidate = await query
        .orderBy('run_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (!candidate) return null;
      const at = now();
      const claimed = await this.db
        .updateTable('jobs')
        .set({ state: 'running', locked_at: at, updated_at: at, attempts: sql`attempts + 1`, runner_id: runnerId })
        .where('id', '=', candidate.id)
        .where('state', '=', 'queued')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 1) return (await this.get(candidate.id)) ?? null;
    }
  }

  /** When the next queued job of these types becomes due (for the poller's sleep). */
  async nextRunAt(types: readonly string[]): Promise<number | null> {
    if (!types.length) return null;
    const row = await this.db.selectFrom('jobs').select('run_at').where('state', '=', 'queued').where('type', 'in', types).orderBy('run_at').limit(1).executeTakeFirst();
    return row ? Date.parse(row.run_at) : null;
  }

  async markRunning(id: string, attempt: number): Promise<boolean> {
    const at = now();
    const result = await this.db
      .updateTable('jobs')
      .set({ state: 'running', attempts: attempt, locked_at: at, updated_at: at })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** False when the row is gone or no longer running: the job was cancelled. */
  async setProgress(id: string, progress: number): Promise<boolean> {
    const at = now();
    const result = await this.db
      .updateTable('jobs')
      .set({ progress: Math.max(0, Math.min(100, Math.round(progress))), locked_at: at, updated_at: at })
      .where('id', '=', id)
      .where('state', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** `holder`: settle only while this runner holds this attempt's lease (false otherwise). */
  async markDone(id: string, holder?: LeaseHolder): Promise<boolean> {
    return this.finish(id, { state: 'done', progress: 100, last_error: null }, holder);
  }

  async markRetry(id: string, error: string, runAt: Date, holder?: LeaseHolder): Promise<boolean> {
    return this.finishWithError(id, error, { state: 'queued', run_at: runAt.toISOString() }, holder);
  }

  async markFailed(id: string, error: string, holder?: LeaseHolder): Promise<boolean> {
    return this.finishWithError(id, error, { state: 'failed' }, holder);
  }

  /** The running job while `holder` holds its lease, else undefined (taken back, settled, cancelled). */
  heldBy(id: string, holder: LeaseHolder): Promise<JobRow | undefined> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', id)
      .where('state', '=', 'running')
      .where('runner_id', '=', holder.runnerId)
      .where('attempts', '=', holder.attempt)
      .executeTakeFirst() as Promise<JobRow | undefined>;
  }

  /** Renews a runner's lease (and stores progress when given); false when the runner no longer holds it. */
  async renewLease(id: string, holder: LeaseHolder, progress?: number): Promise<boolean> {
    const at = now();
    const result = await this.db
      .updateTable('jobs')
      .set({ locked_at: at, ...(progress === undefined ? {} : { progress: Math.max(0, Math.min(100, Math.round(progress))), updated_at: at }) })
      .where('id', '=', id)
      .where('state', '=', 'running')
      .where('runner_id', '=', holder.runnerId)
      .where('attempts', '=', holder.attempt)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** A revoked runner's running jobs go back to the queue without spending an attempt; returns their ids. */
  async releaseRunnerJobs(runnerId: string): Promise<string[]> {
    const at = now();
    const rows = await this.db
      .updateTable('jobs')
      .set({ state: 'queued', locked_at: null, run_at: at, updated_at: at, runner_id: null, attempts: sql`case when attempts > 0 then attempts - 1 else 0 end` })
      .where('state', '=', 'running')
      .where('runner_id', '=', runnerId)
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Settles a failed attempt and keeps its error beside the others, in one transaction. */
  private async finishWithError(id: string, error: string, fields: Partial<Pick<JobsTable, 'state' | 'run_at'>>, holder?: LeaseHolder): Promise<boolean> {
    const text = error.slice(0, MAX_ERROR_LENGTH);
    return this.db.transaction().execute(async (trx) => {
      const at = now();
      let update = trx
        .updateTable('jobs')
        .set({ ...fields, last_error: text, locked_at: null, updated_at: at, runner_id: null })
        .where('id', '=', id)
        .where('state', '=', 'running');
      if (holder) update = update.where('runner_id', '=', holder.runnerId).where('attempts', '=', holder.attempt);
      const settled = await update.returning('attempts').executeTakeFirst();
      if (settled) await trx.insertInto('job_errors').values({ id: newId(), job_id: id, attempt: Number(settled.attempts), error: text, created_at: at }).execute();
      return settled !== undefined;
    });
  }

  /** A shutdown interrupted the job: back to the queue without spending an attempt. */
  async requeueInterrupted(id: string): Promise<void> {
    const at = now();
    await this.db
      .updateTable('jobs')
      .set({ state: 'queued', locked_at: null, run_at: at, updated_at: at, runner_id: null, attempts: sql`case when attempts > 0 then attempts - 1 else 0 end` })
      .where('id', '=', id)
      .where('state', '=', 'running')
      .execute();
  }

  private async finish(id: string, fields: Partial<Pick<JobsTable, 'state' | 'run_at' | 'last_error'>> & { progress?: number }, holder?: LeaseHolder): Promise<boolean> {
    let update = this.db
      .updateTable('jobs')
      .set({ ...fields, locked_at: null, updated_at: now(), runner_id: null })
      .where('id', '=', id)
      .where('state', '=', 'running');
    if (holder) update = update.where('runner_id', '=', holder.runnerId).where('attempts', '=', holder.attempt);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Ids starting with `idPrefix` of the jobs done at or after `since` (ISO time), e.g. the recent transcodes. */
  async doneSince(idPrefix: string, since: string): Promise<string[]> {
    const rows = await this.db.selectFrom('jobs').select('id').where('state', '=', 'done').where('id', 'like', `${idPrefix}%`).where('updated_at', '>=', since).execute();
    return rows.map((row) => row.id);
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('jobs').where('id', '=', id).execute();
  }

  /** Renews a running job's lease (its process is alive); false when the row is no longer running. */
  async heartbeat(id: string): Promise<boolean> {
    const result = await this.db.updateTable('jobs').set({ locked_at: now() }).where('id', '=', id).where('state', '=', 'running').executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Jobs marked running whose lease was last renewed before `staleBefore` (ISO time) belong to a
   * process that died (`held: 'local'`), or to a remote runner gone silent (`held: 'runner'`: the
   * two leases have their own lengths). Those with attempts left go back to the queue; the others
   * are marked failed. Each row is taken by one caller only (the update checks the lease it read).
   */
  async recoverAbandoned(staleBefore: string, held: 'local' | 'runner' = 'local'): Promise<{ requeued: JobRow[]; exhausted: JobRow[] }> {
    const abandoned = (await this.db
      .selectFrom('jobs')
      .selectAll()
      .where('state', '=', 'running')
      .where('runner_id', held === 'local' ? 'is' : 'is not', null)
      .where((eb) => eb.or([eb('locked_at', 'is', null), eb('locked_at', '<', staleBefore)]))
      .execute()) as JobRow[];
    const requeued: JobRow[] = [];
    const exhausted: JobRow[] = [];
    for (const job of abandoned) {
      const at = now();
      const exhaustedNow = job.attempts >= job.max_attempts;
      const changes = exhaustedNow
        ? { state: 'failed' as const, locked_at: null, last_error: 'interrupted too many times', updated_at: at, runner_id: null }
        : { state: 'queued' as const, locked_at: null, run_at: at, updated_at: at, runner_id: null };
      const taken = await this.db
        .updateTable('jobs')
        .set(changes)
        .where('id', '=', job.id)
        .where('state', '=', 'running')
        .where((eb) => (job.locked_at === null ? eb('locked_at', 'is', null) : eb('locked_at', '=', job.locked_at)))
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) continue;
      if (exhaustedNow) await this.db.insertInto('job_errors').values({ id: newId(), job_id: job.id, attempt: job.attempts, error: changes.last_error ?? '', created_at: at }).execute();
      (exhaustedNow ? exhausted : requeued).push(job);
    }
    return { requeued, exhausted };
  }

  /** How far a job is, for the answers that show it (a video's transcoding progress). */
  progressOf(id: string): Promise<Pick<JobRow, 'state' | 'progress'> | undefined> {
    return this.db.selectFrom('jobs').select(['state', 'progress']).where('id', '=', id).executeTakeFirst() as Promise<Pick<JobRow, 'state' | 'progress'> | undefined>;
  }

  /** How many of these jobs are queued or running. */
  async countUnfinished(ids: string[]): Promise<number> {
    if (!ids.length) return 0;
    const row = await this.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('id', 'in', ids)
      .where('state', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /** Jobs per state (metrics). */
  async countByState(): Promise<{ state: JobRow['state']; count: number }[]> {
    const rows = await this.db.selectFrom('jobs').select(['state', (eb) => eb.fn.countAll<number>().as('count')]).groupBy('state').execute();
    return rows.map((row) => ({ state: row.state, count: Number(row.count) }));
  }

  /** When the oldest queued job that is due now was due (queue lag), or null. */
  async oldestDueRunAt(): Promise<string | null> {
    const row = await this.db.selectFrom('jobs').select('run_at').where('state', '=', 'queued').where('run_at', '<=', now()).orderBy('run_at').limit(1).executeTakeFirst();
    return row?.run_at ?? null;
  }

  /** Jobs not yet finished (queued or running). */
  unfinished(): Promise<JobRow[]> {
    return this.db.selectFrom('jobs').selectAll().where('state', 'in', ['queued', 'running']).execute() as Promise<JobRow[]>;
  }
}
