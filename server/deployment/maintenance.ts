// What a starting process tidies and backfills, by what it does: the API sweeps images a crash
// left without a row; the process that runs jobs (the API with RUN_JOBS_IN_PROCESS, or
// `npm run worker`) queues the backfills of older videos and sweeps the streamed files a stop
// left behind. An API node that only enqueues does neither, so a deployment with workers runs
// them there, not once per API node.
import type { CoreLogger, MaintenanceDuties } from '../composition.js';
import type { Repositories } from '../db/repositories/index.js';
import { queueHlsPackaging } from '../jobs/handlers/packageHls.js';
import { queueSlowLinkRungs } from '../jobs/handlers/slowLinkRungs.js';
import type { JobQueue } from '../jobs/types.js';
import type { MediaStorage } from '../media/storage.js';
import { sweepAtStart } from './startupSweeps.js';

interface MaintenanceDeps {
  repos: Repositories;
  storage: MediaStorage;
  log: CoreLogger;
  jobs: Pick<JobQueue, 'enqueue'>;
}

/**
 * Queues the backfills (HLS packaging awaited; the slow-link rungs not: with many older videos the
 * queueing alone takes a while), then starts the sweeps. Returns the sweeps, which never throw: a
 * close waits for them.
 */
export async function startMaintenance(deps: MaintenanceDeps, duties: MaintenanceDuties): Promise<{ sweeping: Promise<void> }> {
  if (duties.jobs) {
    // Renditions from before HLS get their playlists in the background.
    const queued = await queueHlsPackaging(deps.repos.videoMedia, deps.jobs);
    if (queued) deps.log.info({ videos: queued }, 'queued HLS packaging of older renditions');
    // Videos from before the slow-link rungs get them in the background (behind every other job).
    void queueSlowLinkRungs(deps.repos.videoMedia, deps.jobs)
      .then((count) => count && deps.log.info({ videos: count }, 'queued the slow-link rungs of older videos'))
      .catch((err: unknown) => deps.log.warn({ err }, 'queueing the slow-link rungs of older videos failed'));
  }
  if (!duties.images && !duties.jobs) return { sweeping: Promise.resolve() };
  return { sweeping: sweepAtStart(deps, { images: duties.images, liveFiles: duties.jobs }) };
}
