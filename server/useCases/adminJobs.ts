// An admin runs a failed job again (a transcode that failed for a reason since fixed).
import { conflict, notFound } from '../domain/errors.js';
import type { JobPayloads, JobType } from '../jobs/types.js';
import type { UseCaseDeps } from './deps.js';

type Deps = Pick<UseCaseDeps, 'repos' | 'events' | 'jobs'>;

const JOB_TYPES: ReadonlySet<string> = new Set<JobType>(['transcode', 'package-hls']);

/** Queues the failed job again under its id, attempts from zero, and logs who did it. */
export async function retryJob(deps: Deps, input: { actorId: string; jobId: string }): Promise<void> {
  const job = await deps.repos.jobs.get(input.jobId);
  if (!job || !JOB_TYPES.has(job.type)) throw notFound('Job not found');
  if (job.state !== 'failed') throw conflict('Only a failed job can be retried');
  const type = job.type as JobType;
  // A queue keeps a failed job under its id: it goes, then comes back fresh under the same id.
  await deps.jobs.cancel(job.id);
  await deps.jobs.enqueue(type, JSON.parse(job.payload) as JobPayloads[typeof type], { id: job.id });
  await deps.repos.moderation.append({ actorId: input.actorId, action: 'job-retried', subjectType: 'job', subjectId: job.id });
  await deps.events.publish('moderation.logged', { action: 'job-retried' });
}
