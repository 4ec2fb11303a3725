// What a starting process removes from the media storage because its database points at none of
// it: images a crash left without a row, and streamed-rung files a stop left behind. Only on the
// deployment's own storage (identity.ts): a restored copy on another deployment's storage would
// otherwise take that deployment's newer files for leftovers.
import type { CoreLogger } from '../composition.js';
import type { Repositories } from '../db/repositories/index.js';
import { removeLeftLiveFiles } from '../jobs/handlers/transcode.js';
import { sweepUnreferencedImages } from '../media/images.js';
import type { MediaStorage } from '../media/storage.js';
import { checkDeployment, mismatchReason } from './identity.js';

/** An image younger than this may belong to a request still writing its row (on any node). */
const IMAGE_SWEEP_GRACE_MS = 3600_000;

interface SweepDeps {
  repos: Repositories;
  storage: MediaStorage;
  log: CoreLogger;
}

/** Runs the sweeps this process does at start (`images`: API processes; `liveFiles`: where jobs run); never throws. */
export async function sweepAtStart(deps: SweepDeps, sweeps: { images: boolean; liveFiles: boolean }): Promise<void> {
  let check;
  try {
    check = await checkDeployment(deps);
  } catch (err) {
    deps.log.warn({ err }, 'start-up sweeps skipped: the deployment id could not be checked');
    return;
  }
  if (!check.matches) {
    deps.log.warn({ databaseDeployment: check.databaseId, storageDeployment: check.storageId }, `start-up sweeps refused: ${mismatchReason(check)}`);
    return;
  }
  if (sweeps.images) {
    const referenced = async () => [...(await deps.repos.users.imageNames()), ...(await deps.repos.videos.thumbnailNames())];
    try {
      const removed = await sweepUnreferencedImages({ storage: deps.storage, referenced }, IMAGE_SWEEP_GRACE_MS);
      if (removed) deps.log.info({ removed }, 'unreferenced images removed');
    } catch (err) {
      deps.log.warn({ err }, 'unreferenced image sweep failed');
    }
  }
  if (sweeps.liveFiles) await removeLeftLiveFiles(deps).catch((err: unknown) => deps.log.warn({ err }, 'sweeping left streamed files failed'));
}
