// The API's side of remote runners (TRANSCODE_RUNNERS=remote): which job types wait for them, the
// record half of each leased transcode while its runner uploads (one session per lease, with a
// scratch folder for the uploads), and the lease sweep that takes jobs back from silent runners.
// A session lives in the API process that planned it; another process (or this one after a
// restart) rebuilds it from the database (TranscodeRecord.resume).
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config.js';
import type { JobRow, LeaseHolder } from '../db/repositories/jobs.js';
import type { VariantFacts } from '../media/hls.js';
import { failed } from './runner.js';
import { type RecordJob, TranscodeRecord, VideoGone } from './handlers/transcodeRecord.js';
import type { JobDeps, JobHandlers, JobPayloads, JobType } from './types.js';

/** The job types remote runners take where the deployment says so; none otherwise. */
export function remoteJobTypes(config: Pick<Config, 'transcodeRunners'>): JobType[] {
  return config.transcodeRunners === 'remote' ? ['transcode'] : [];
}

/** One leased transcode as the API keeps it between its runner's calls. */
export interface RemoteSession {
  /** The lease it belongs to (a revoked runner's attempt number is handed out again). */
  holder: LeaseHolder;
  record: TranscodeRecord;
  /** Where this lease's uploads land (DATA_DIR/tmp; made by the first upload), removed when the lease ends. */
  dir: string;
  /** The streamed rung's codecs and picture size, read once its init section is in. */
  facts: VariantFacts | null;
}

export class RemoteTranscodes {
  private readonly sessions = new Map<string, RemoteSession>();

  constructor(
    private readonly deps: JobDeps,
    private readonly handlers: JobHandlers,
  ) {}

  private dirOf(jobId: string, attempt: number): string {
    return join(this.deps.config.dataDir, 'tmp', `runner-${jobId}-${attempt}`);
  }

  private recordJob(row: JobRow, holder: LeaseHolder): RecordJob {
    return {
      payload: JSON.parse(row.payload) as JobPayloads['transcode'],
      progress: async (percent) => void (await this.deps.repos.jobs.renewLease(row.id, holder, percent)),
    };
  }

  /** A fresh session for a lease whose runner has just probed the source (an earlier attempt's goes). */
  async begin(row: JobRow, holder: LeaseHolder): Promise<RemoteSession> {
    await this.end(row.id);
    const record = await TranscodeRecord.open(this.deps, this.recordJob(row, holder));
    if (!record) throw new VideoGone();
    return this.keep(row.id, holder, record);
  }

  /** The lease's session; rebuilt from the database when this process has none (`fragmentsPublished`: what the runner says is out). */
  async session(row: JobRow, holder: LeaseHolder, fragmentsPublished = 0): Promise<RemoteSession> {
    const kept = this.sessions.get(row.id);
    if (kept && kept.holder.runnerId === holder.runnerId && kept.holder.attempt === holder.attempt) return kept;
    const record = await TranscodeRecord.resume(this.deps, this.recordJob(row, holder), fragmentsPublished);
    if (!record) throw new VideoGone();
    return this.keep(row.id, holder, record);
  }

  private keep(jobId: string, holder: LeaseHolder, record: TranscodeRecord): RemoteSession {
    const session = { holder, record, dir: this.dirOf(jobId, holder.attempt), facts: null };
    this.sessions.set(jobId, session);
    return session;
  }

  /** The lease ended (settled, expired, released): its uploads go. */
  async end(jobId: string): Promise<void> {
    const session = this.sessions.get(jobId);
    this.sessions.delete(jobId);
    if (session) await rm(session.dir, { recursive: true, force: true });
  }

  /**
   * Takes back the jobs of runners silent for longer than RUNNER_LEASE_MS: queued again, or failed
   * when no attempt is left (the video then shows it, as after a local failure). Returns their ids.
   */
  async expireLeases(): Promise<string[]> {
    const staleBefore = new Date(Date.now() - this.deps.config.runnerLeaseMs).toISOString();
    const { requeued, exhausted } = await this.deps.repos.jobs.recoverAbandoned(staleBefore, 'runner');
    for (const job of requeued) this.deps.log.warn({ jobId: job.id, type: job.type, attempt: job.attempts, runnerId: job.runner_id }, 'runner went silent: its job is queued again');
    for (const job of exhausted) {
      this.deps.log.error({ jobId: job.id, type: job.type, runnerId: job.runner_id }, 'runner went silent on the last attempt: job failed');
      await failed(this.deps, this.handlers, job, 'interrupted too many times');
    }
    const ids = [...requeued, ...exhausted].map((job) => job.id);
    for (const id of ids) await this.end(id);
    return ids;
  }
}
