// An admin runs a failed job again, of any type this version knows (a transcode that failed for a reason since fixed).
import { conflict, notFound } from '../domain/errors.js';
import { isJobType, type JobPayloads } from '../jobs/types.js';
import type { UseCaseDeps } from './deps.js';

type Deps = Pick<UseCaseDeps, 'repos' | 'events' | 'jobs'>;

/** Queues the failed job again under its id, attempts from zero, and logs who did it. */
export async function retryJob(deps: Deps, input: { actorId: string; jobId: string }): Promise<void> {
  const job = await deps.repos.jobs.get(input.jobId);
  if (!job) throw notFound('Job not found');
  if (job.state !== 'failed') throw conflict('Only a failed job can be retried');
  const type = job.type;
  // A job of a newer version sharing the database: only a process of that version can queue it.
  if (!isJobType(type)) throw conflict(`This version of Vidshare does not know job type '${type}': retry it from the version that queued it`);
  // A queue keeps a failed job under its id: it goes, then comes back fresh under the same id.
  await deps.jobs.cancel(job.id);
  await deps.jobs.enqueue(type, JSON.parse(job.payload) as JobPayloads[typeof type], { id: job.id });
  await deps.repos.moderation.append({ actorId: input.actorId, action: 'job-retried', subjectType: 'job', subjectId: job.id });
  await deps.events.publish('moderation.logged', { action: 'job-retried' });
}
